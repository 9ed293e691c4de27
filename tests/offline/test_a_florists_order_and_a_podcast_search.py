"""A florist's order read whole, and a flag said with "nothing".

An outside tester's florist: after "What flowers are in season in June?", "Lovely. Send 15 stems of peonies and sweet
peas to Margot Lefèvre on 2025-06-12, with a vase, and write 'Congratulations on the new job' on the card." ordered
the flowers ["Congratulations on the new job"] for a recipient "Lovely"; "Hmm, on second thought change the date to
2025-06-14." looked up April's flowers again. A podcast search "nothing explicit" set ``explicit_ok``.
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def order_bouquet(flowers: list[str], stems: int, recipient: str, delivery_date: str, card_message: str = "",
                  vase: bool = False) -> str:
    """Order a bouquet for delivery."""
    return '{"order": "FL-204"}'


@function_tool
def seasonal_flowers(month: Literal["april", "june"]) -> str:
    """Which flowers are in season in a month."""
    return {"june": "peonies, roses, sweet peas", "april": "tulips, ranunculus"}[month]


FLORIST = Agent(name="Florist", instructions="You are the order assistant at a florist.",
                tools=[order_bouquet, seasonal_flowers])


async def test_an_order_takes_its_flowers_recipient_and_card_and_a_new_date_orders_it_again() -> None:
    replies = await turns(FLORIST, ["What flowers are in season in June?",
                                    "Lovely. Send 15 stems of peonies and sweet peas to Margot Lefèvre on 2025-06-12, with "
                                    "a vase, and write 'Congratulations on the new job' on the card.",
                                    "What's in season in April instead?",
                                    "Hmm, on second thought change the date to 2025-06-14."])
    order = {"flowers": ["peonies", "sweet peas"], "stems": 15, "recipient": "Margot Lefèvre",
             "card_message": "Congratulations on the new job", "vase": True}
    assert replies[1][0] == [("order_bouquet", {**order, "delivery_date": "2025-06-12"})], replies[1]
    assert replies[3][0] == [("order_bouquet", {**order, "delivery_date": "2025-06-14"})], replies[3]


@function_tool
def search_episodes(query: str, min_minutes: int, explicit_ok: bool) -> str:
    """Search podcast episodes."""
    return "[]"


async def test_nothing_explicit_is_no_explicit_episode() -> None:
    agent = Agent(name="Pods", instructions="You find podcast episodes.", tools=[search_episodes])
    [(calls, _)] = await turns(agent, ["Find episodes about Cambrian fossils, at least 40 minutes long, nothing explicit."])
    assert calls[0][1]["explicit_ok"] is False and calls[0][1]["min_minutes"] == 40, calls
