"""memlab: short-term memory for agents built on the OpenAI Agents SDK, taught in notebooks."""

from __future__ import annotations

__version__ = "0.1.0"
