"""The support agent's fake back ends: plain, deterministic functions.

Each tool of :func:`memlab.scenario.support_agent` calls one of these, so every
run gives the same answers, offline or live, and
:func:`memlab.offline.transcript` can call them without the SDK. They answer
the way real support systems do — with line items, carrier events, coverage
terms and sensor readings — because tool outputs are usually the largest items
in an agent's history, which is why trimming and summarizing matter.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
from collections.abc import Callable
from typing import Any

from .facts import FACT_PATTERNS

__all__ = [
    "BACKENDS",
    "lookup_order_backend",
    "check_warranty_backend",
    "run_diagnostics_backend",
    "create_ticket_backend",
]


# Real support back ends return more than a status word: line items, carrier
# events, coverage terms, sensor readings. Tool outputs are usually the largest
# items in an agent's history, which is why trimming and summarizing matter.
_ORDERS = {
    "ORD-73914": {
        "items": [("AERO14-512-SL", "Aero 14 laptop, 16 GB, 512 GB, silver", 1, 1299.00),
                  ("PULSE-HS-BK", "Pulse headset, black", 1, 149.00)],
        "status": "delivered", "detail": "delivered on 2025-03-04 and signed for",
        "events": [("2025-02-28", "order confirmed"), ("2025-03-01", "packed in one box at the Leeds warehouse"),
                   ("2025-03-02", "handed to carrier"), ("2025-03-04", "delivered, signed by the customer")],
    },
    "ORD-48213": {
        "items": [("NETHUB-AX3000", "NetHub AX3000 router", 1, 189.00)],
        "status": "delivered", "detail": "delivered on 2025-01-17",
        "events": [("2025-01-14", "order confirmed"), ("2025-01-15", "handed to carrier"),
                   ("2025-01-17", "delivered to the front door")],
    },
}
_OTHER_ORDER = {
    "items": [("USBC-65W", "USB-C charger, 65 W", 1, 39.00)],
    "status": "in transit", "detail": "expected within 3 days",
    "events": [("2025-03-10", "order confirmed"), ("2025-03-11", "handed to carrier")],
}
_DIAGNOSES = {
    "SN-LP4K9M2X": (["E-2107"], "battery not detected"),
    "SN-AX7Q42PL": (["E-3120"], "fan speed sensor out of range"),
}


def _number(text: str, digits: int) -> str:
    """A stable pseudo-random number with ``digits`` digits, derived from ``text``."""
    return str(int(hashlib.sha256(text.encode()).hexdigest(), 16) % 10**digits).zfill(digits)


def _product(order: dict[str, Any]) -> str:
    return " and ".join(name.split(",")[0] for _, name, _, _ in order["items"])


def lookup_order_backend(order_id: str) -> str:
    """Status of an order, its line items and carrier events, as JSON text."""
    if not FACT_PATTERNS["order_number"].fullmatch(order_id):
        return json.dumps({"error": f"no order with id {order_id!r}; order ids look like ORD-12345"})
    order = _ORDERS.get(order_id, _OTHER_ORDER)
    return json.dumps({
        "order_id": order_id,
        "product": _product(order),
        "status": order["status"],
        "detail": order["detail"],
        "items": [{"sku": sku, "name": name, "quantity": qty, "unit_price_gbp": price}
                  for sku, name, qty, price in order["items"]],
        "carrier": "ParcelLine Express",
        "tracking_events": [{"date": date, "event": event} for date, event in order["events"]],
        "return_window_days": 30,
    })


def check_warranty_backend(serial: str) -> str:
    """Warranty coverage of a device and the plan's terms, as JSON text."""
    if not FACT_PATTERNS["serial"].fullmatch(serial):
        return json.dumps({"error": f"unknown serial {serial!r}; serials look like SN-AB12CD34"})
    days = int(_number(serial, 3))
    covered = days % 4 != 0
    expires = _dt.date(2025, 6, 30) + _dt.timedelta(days=days if covered else -days)
    return json.dumps({
        "serial": serial,
        "covered": covered,
        "plan": "Standard",
        "expires": expires.isoformat(),
        "covers": ["manufacturing defects", "battery (first 12 months)", "fans and thermal parts"],
        "excludes": ["accidental damage", "liquid damage", "cosmetic wear"],
        "claim": "prepaid box, repair in about 5 business days",
    })


def run_diagnostics_backend(serial: str) -> str:
    """Remote diagnostics of a device: the tests run, error codes and readings, as JSON text."""
    if not FACT_PATTERNS["serial"].fullmatch(serial):
        return json.dumps({"error": f"unknown serial {serial!r}; serials look like SN-AB12CD34"})
    codes, finding = _DIAGNOSES.get(serial, ([f"E-1{_number(serial, 3)}"], "storage health warning"))
    return json.dumps({
        "serial": serial,
        "error_codes": codes,
        "finding": finding,
        "tests": [{"name": name, "result": "fail" if name in finding else "pass"}
                  for name in ("battery", "fan speed sensor", "storage", "memory", "display", "wifi")],
        "readings": {"cpu_temp_c": 71 if "fan" in finding else 48, "fan_rpm": 5400 if "fan" in finding else 2100,
                     "battery_cycles": 212},
        "firmware": "1.14.2",
    })


def create_ticket_backend(summary: str) -> str:
    """Open a support ticket; the ticket id is derived from the summary."""
    if not summary.strip():
        return json.dumps({"error": "a ticket needs a summary"})
    return json.dumps({
        "ticket_id": f"TCK-{_number(summary, 6)}",
        "status": "open",
        "queue": "warehouse and repairs",
        "priority": "normal",
        "first_response_within_hours": 24,
    })


#: Tool name → back end (:func:`memlab.offline.transcript` calls these without the SDK).
BACKENDS: dict[str, Callable[..., str]] = {
    "lookup_order": lookup_order_backend,
    "check_warranty": check_warranty_backend,
    "run_diagnostics": run_diagnostics_backend,
    "create_ticket": create_ticket_backend,
}
