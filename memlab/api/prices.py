"""What tokens cost: one dated price table, and the arithmetic.

A memory policy is a bet on tokens, and tokens are money. memlab counts the
tokens every request really used (:mod:`memlab.api.wire`); this module turns them
into an *estimate* in US dollars with list prices per million tokens.

Prices change. The table below says when it was written; if your model or
price differs, override it for the session::

    from memlab.api import prices
    prices.set_price("gpt-4.1-mini", input_per_million=0.40, output_per_million=1.60)

Cached input tokens are billed at a discount on the real API; memlab's offline
model never caches, and this estimate bills every input token at the full rate
(an upper bound).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["PRICES_AS_OF", "Price", "PRICES", "price_of", "set_price", "estimate"]

#: When the table was written, and from where.
PRICES_AS_OF = "2026-04 (OpenAI API list prices, standard tier)"


@dataclass(frozen=True)
class Price:
    """US dollars per million tokens."""

    input_per_million: float
    output_per_million: float


#: Model name → price. A dated snapshot: check it before you quote a bill.
PRICES: dict[str, Price] = {
    "gpt-4.1": Price(2.00, 8.00),
    "gpt-4.1-mini": Price(0.40, 1.60),
    "gpt-4.1-nano": Price(0.10, 0.40),
    "gpt-4o": Price(2.50, 10.00),
    "gpt-4o-mini": Price(0.15, 0.60),
    "o4-mini": Price(1.10, 4.40),
    "gpt-5": Price(1.25, 10.00),
    "gpt-5-mini": Price(0.25, 2.00),
    "gpt-5-nano": Price(0.05, 0.40),
}


def price_of(model: str) -> Price | None:
    """The price of ``model``; a dated snapshot name (``gpt-4.1-mini-2025-04-14``) uses its family's."""
    if model in PRICES:
        return PRICES[model]
    family = max((name for name in PRICES if model.startswith(name + "-")), key=len, default=None)
    return PRICES[family] if family else None


def set_price(model: str, *, input_per_million: float, output_per_million: float) -> None:
    """Add or replace the price of ``model`` (US dollars per million tokens).

    Raises:
        TypeError: For a price that is not a number.
        ValueError: For a negative, infinite or NaN price, or an empty model name.
    """
    if not isinstance(model, str) or not model:
        raise ValueError(f"model must be a non-empty name, got {model!r}")
    for name, value in (("input_per_million", input_per_million), ("output_per_million", output_per_million)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{name} must be a number of dollars, got {value!r}")
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"{name} must be a finite number >= 0, got {value!r}")
    PRICES[model] = Price(float(input_per_million), float(output_per_million))


def estimate(model: str, input_tokens: int, output_tokens: int) -> float | None:
    """Dollars for these tokens at ``model``'s list price, or ``None`` if the model has no price."""
    price = price_of(model)
    if price is None:
        return None
    return (input_tokens * price.input_per_million + output_tokens * price.output_per_million) / 1_000_000
