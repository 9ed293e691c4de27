"""Stored responses: what makes ``previous_response_id`` work offline.

The real Responses API keeps every response it served (unless the request
said ``store: false``), and a later request can name one with
``previous_response_id`` instead of sending the history again: the server
puts that response's whole conversation — its input, itself continued from
*its* previous response, and its output — in front of the new input. The
client then sends only what is new, but the model still reads (and the
request still bills) everything.

:class:`ResponseStore` is that memory for the offline model.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from ._checks import OfflineAPIError

__all__ = ["ResponseStore"]


class ResponseStore:
    """The conversations behind the responses the offline API served, by response id.

    Args:
        keep: How many responses it remembers; the oldest is forgotten first
            (the real API, too, forgets a stored response after a while).

    Raises:
        ValueError: If ``keep`` is below 1.
    """

    def __init__(self, keep: int = 1000) -> None:
        if keep < 1:
            raise ValueError("keep must be at least 1")
        self.keep = keep
        self._conversations: OrderedDict[str, str] = OrderedDict()

    def __len__(self) -> int:
        return len(self._conversations)

    def __contains__(self, response_id: object) -> bool:
        return response_id in self._conversations

    def save(self, response_id: str, items: Sequence[Mapping[str, Any]]) -> None:
        """Remember a response's conversation: its full input, then its output.

        The items are kept as JSON text, so later changes to the caller's
        objects cannot change what was stored.
        """
        self._conversations[response_id] = json.dumps(list(items))
        self._conversations.move_to_end(response_id)
        while len(self._conversations) > self.keep:
            self._conversations.popitem(last=False)

    def load(self, response_id: str) -> list[dict[str, Any]]:
        """The stored conversation of ``response_id``, as fresh copies.

        Raises:
            OfflineAPIError: The real API's 400 for an id it does not know
                (never served, served with ``store: false``, or forgotten).
        """
        stored = self._conversations.get(response_id)
        if stored is None:
            raise OfflineAPIError(
                f"Previous response with id '{response_id}' not found.", "previous_response_id", "previous_response_not_found"
            )
        return json.loads(stored)
