"""Structured output over a text a learner pastes: a recipe, a receipt, a list, each filled item by item.

The short first line without a full stop is the title; every sentence's items count (not only the longest list's),
"100 g flour with 150 ml milk" gives two, and a duration ("cook 2 minutes") or a verb ("Heat a pan") is no item;
a steps list holds the sentences; a receipt's "Total" line is its total, a line item's price the number after it.
"""

from __future__ import annotations

from typing import Literal

import openai
import pytest
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Ingredient(BaseModel):
    name: str
    quantity: float
    unit: Literal["g", "ml", "tbsp", "tsp", "piece"]


class Recipe(BaseModel):
    title: str
    servings: int
    ingredients: list[Ingredient]
    steps: list[str]


class LineItem(BaseModel):
    description: str
    quantity: int
    price: float


class Receipt(BaseModel):
    store: str
    items: list[LineItem]
    total: float


def parse(format: type[BaseModel], instructions: str, text: str) -> BaseModel:
    with openai.OpenAI() as client:
        parsed = client.responses.parse(model="gpt-4o-mini", input=[{"role": "system", "content": instructions}, {
            "role": "user", "content": text}], text_format=format).output_parsed
    assert parsed is not None
    return parsed


@pytest.mark.parametrize(("text", "title", "items", "steps"), [
    ("Banana pancakes (serves 2)\nMash 2 bananas, whisk in 2 eggs and 100 g flour with 150 ml milk. Add 1 tsp baking "
     "powder.\nHeat a pan, pour small rounds, cook 2 minutes per side. Serve with 1 tbsp honey.", "Banana pancakes",
     [("bananas", 2, "piece"), ("eggs", 2, "piece"), ("flour", 100, "g"), ("milk", 150, "ml"),
      ("baking powder", 1, "tsp"), ("honey", 1, "tbsp")], 4),
    ("Tomato soup for four\nSoften 2 onions in 1 tbsp oil for 5 minutes. Stir in 800 g tomatoes with 500 ml stock.\n"
     "Simmer, then blend. Season with 1 tsp salt.", "Tomato soup for four",
     [("onions", 2, "piece"), ("oil", 1, "tbsp"), ("tomatoes", 800, "g"), ("stock", 500, "ml"), ("salt", 1, "tsp")], 4),
])
def test_a_pasted_recipe_gives_its_title_every_ingredient_and_its_steps(text: str, title: str, items: list, steps: int) -> None:
    recipe = parse(Recipe, "Extract the recipe.", text)
    assert isinstance(recipe, Recipe)
    assert recipe.title == title
    assert [(i.name, i.quantity, i.unit) for i in recipe.ingredients] == items
    assert len(recipe.steps) == steps and recipe.steps[0].split()[0] in text.split("\n")[1]


@pytest.mark.parametrize(("text", "store", "items", "total"), [
    ("Hardware Hut receipt\n1 hammer 12.99\n2 boxes of nails 3.49\n1 tape measure 7.50\nTOTAL: 27.47", "Hardware Hut",
     [("hammer", 1, 12.99), ("nails", 2, 3.49), ("tape measure", 1, 7.5)], 27.47),
    ("Cafe Lumen\nLatte x2 - 7.00\nCroissant x1 - 3.20\nTotal: 10.20", "Cafe Lumen",
     [("Latte", 2, 7.0), ("Croissant", 1, 3.2)], 10.2),
    ("Green Grocer\n2 x Apples 3.00\n3 x Yogurt 4.20\nTotal 7.20", "Green Grocer", [("Apples", 2, 3.0), ("Yogurt", 3, 4.2)], 7.2),
])
def test_a_pasted_receipt_gives_each_line_item_and_its_total(text: str, store: str, items: list, total: float) -> None:
    receipt = parse(Receipt, "Extract the receipt.", text)
    assert isinstance(receipt, Receipt)
    assert receipt.store == store and receipt.total == total
    assert [(i.description, i.quantity, i.price) for i in receipt.items] == items


class Task(BaseModel):
    owner: str
    task: str


class Notes(BaseModel):
    title: str
    action_items: list[Task]


@pytest.mark.parametrize(("text", "title", "tasks"), [
    ("Launch planning\n- Priya: update the landing page\n- Omar: write the press release\n- Jin: test the checkout flow",
     "Launch planning", [("Priya", "update the landing page"), ("Omar", "write the press release"),
                         ("Jin", "test the checkout flow")]),
    ("House meeting\nMia: water the plants on Sunday\nLeo: take out the bins", "House meeting",
     [("Mia", "water the plants on Sunday"), ("Leo", "take out the bins")]),
])
def test_notes_that_give_a_name_then_its_task_after_a_colon_list_each_action_item(text: str, title: str,
                                                                                   tasks: list) -> None:
    notes = parse(Notes, "Extract the action items from these notes.", text)
    assert isinstance(notes, Notes)
    assert notes.title == title
    assert [(t.owner, t.task) for t in notes.action_items] == tasks


class Stop(BaseModel):
    place: str
    time: str


class Itinerary(BaseModel):
    title: str
    stops: list[Stop]


@pytest.mark.parametrize(("text", "stops"), [
    ("Paris in a day\nStart at the Louvre at 9:00. Walk to Notre-Dame by 12:30. Take the metro to Montmartre at 15:00. "
     "Dinner near the Eiffel Tower at 19:30.", [("Louvre", "9:00"), ("Notre-Dame", "12:30"), ("Montmartre", "15:00"),
                                               ("Eiffel Tower", "19:30")]),
    ("Harbour walk\nMeet at Ferry Quay at 10:00.\nStroll to Lighthouse Point by 11:15.\nCycle to Sandy Cove at 13:00.",
     [("Ferry Quay", "10:00"), ("Lighthouse Point", "11:15"), ("Sandy Cove", "13:00")]),
])
def test_an_itinerary_of_sentences_that_open_with_a_verb_gives_a_stop_per_sentence(text: str, stops: list) -> None:
    plan = parse(Itinerary, "Extract the itinerary.", text)
    assert isinstance(plan, Itinerary)
    assert [(s.place, s.time) for s in plan.stops] == stops


class Gear(BaseModel):
    name: str
    quantity: int


class Packing(BaseModel):
    title: str
    items: list[Gear]


@pytest.mark.parametrize(("text", "items"), [
    ("Ski trip\n- goggles\n- 2 pairs of gloves\n- helmet\n- 3 thermal tops",
     [("goggles", 1), ("gloves", 2), ("helmet", 1), ("thermal tops", 3)]),
    ("Desk move checklist:\nmonitor\nkeyboard\n4 cables", [("monitor", 1), ("keyboard", 1), ("cables", 4)]),
])
def test_a_listed_line_without_a_count_is_one_of_that_thing(text: str, items: list) -> None:
    packing = parse(Packing, "Make a packing list.", text)
    assert isinstance(packing, Packing)
    assert [(i.name, i.quantity) for i in packing.items] == items


class Priced(BaseModel):
    name: str
    price: float


class Bill(BaseModel):
    line_items: list[Priced]
    total: float


@pytest.mark.parametrize(("text", "items", "total"), [
    ("Luigi's Trattoria\nMargherita pizza $12.50\nTiramisu $6.00\nSparkling water $3.00\nTotal $21.50",
     [("Margherita pizza", 12.5), ("Tiramisu", 6.0), ("Sparkling water", 3.0)], 21.5),
    ("Corner Books\nDune paperback £9.99\nReading lamp £14.50\nTotal £24.49",
     [("Dune paperback", 9.99), ("Reading lamp", 14.5)], 24.49),
])
def test_a_priced_line_names_its_thing_by_the_words_before_its_price(text: str, items: list, total: float) -> None:
    bill = parse(Bill, "Parse the bill.", text)
    assert isinstance(bill, Bill)
    assert [(i.name, i.price) for i in bill.line_items] == items and bill.total == total


class Activity(BaseModel):
    exercise: str
    minutes: int


class Routine(BaseModel):
    title: str
    exercises: list[Activity]


@pytest.mark.parametrize(("text", "items"), [
    ("Morning routine\nJog 20 minutes\nStretch 10 minutes\nPlank 5 minutes", [("Jog", 20), ("Stretch", 10), ("Plank", 5)]),
    ("Rowing session\nWarm-up 8 mins\nIntervals 24 mins\nCool-down 6 mins",
     [("Warm-up", 8), ("Intervals", 24), ("Cool-down", 6)]),
])
def test_a_list_of_timed_lines_gives_each_activity_and_its_length(text: str, items: list) -> None:
    routine = parse(Routine, "Extract the routine.", text)
    assert isinstance(routine, Routine)
    assert [(e.exercise, e.minutes) for e in routine.exercises] == items


class Leg(BaseModel):
    city: str
    nights: int


class Trip(BaseModel):
    name: str
    legs: list[Leg]


@pytest.mark.parametrize(("text", "name", "legs"), [
    ("Italy 2025\n- Rome: 3 nights\n- Florence: 2 nights\n- Venice: 2 nights", "Italy 2025",
     [("Rome", 3), ("Florence", 2), ("Venice", 2)]),
    ("Balkans loop\nZagreb 2 nights, Split 3 nights, Kotor 1 night.", "Balkans loop", [("Zagreb", 2), ("Split", 3), ("Kotor", 1)]),
])
def test_a_trip_is_named_by_its_title_line_and_a_labelled_line_gives_its_place(text: str, name: str, legs: list) -> None:
    trip = parse(Trip, "Extract the trip.", text)
    assert isinstance(trip, Trip)
    assert trip.name == name and [(leg.city, leg.nights) for leg in trip.legs] == legs


class Expense(BaseModel):
    item: str
    amount: float


class Expenses(BaseModel):
    title: str
    expenses: list[Expense]
    total: float


@pytest.mark.parametrize(("text", "items", "total"), [
    ("Conference trip expenses\nTaxi to airport: 45.00\nDinner with client: 86.40\nTotal: 131.40",
     [("Taxi to airport", 45.0), ("Dinner with client", 86.4)], 131.4),
    ("Team offsite costs\n- Bus to the lake: 220\n- Lunch for the team: 180\n- Total: 400",
     [("Bus to the lake", 220.0), ("Lunch for the team", 180.0)], 400.0),
])
def test_a_labelled_amount_line_names_its_expense_by_the_whole_label(text: str, items: list, total: float) -> None:
    report = parse(Expenses, "Extract the expenses.", text)
    assert isinstance(report, Expenses)
    assert [(e.item, e.amount) for e in report.expenses] == items and report.total == total


class Part(BaseModel):
    name: str
    amount: str


class Guide(BaseModel):
    title: str
    ingredients: list[Part]
    steps: list[str]


@pytest.mark.parametrize(("text", "items", "steps"), [
    ("Garlic spaghetti\nIngredients:\n- 200g spaghetti\n- 3 cloves garlic\n- 2 tbsp olive oil\nMethod:\n1. Boil the pasta.\n"
     "2. Fry the garlic in the oil.\n3. Toss with the pasta.", [("spaghetti", "200 g"), ("garlic", "3 cloves"),
                                                              ("olive oil", "2 tbsp")], 3),
    ("Lemon water\nYou need:\n- 1 litre water\n- 2 lemons\nSteps:\n1. Slice the lemons.\n2. Add them to the water.",
     [("water", "1 litre"), ("lemons", "2")], 2),
])
def test_a_numbered_method_gives_steps_and_no_ingredient(text: str, items: list, steps: int) -> None:
    guide = parse(Guide, "Extract the recipe.", text)
    assert isinstance(guide, Guide)
    assert [(i.name, i.amount) for i in guide.ingredients] == items and len(guide.steps) == steps


@pytest.mark.parametrize(("text", "items"), [
    ("Garlic spaghetti\n- 200g spaghetti\n- 1/2 cup parmesan\nBoil, then toss.", [("spaghetti", "200 g"), ("parmesan", "0.5 cup")]),
    ("Iced tea\n- 3/4 cup sugar\n- 2 litres water\nStir well.", [("sugar", "0.75 cup"), ("water", "2 litres")]),
])
def test_a_fraction_counts_its_ingredient(text: str, items: list) -> None:
    guide = parse(Guide, "Extract the recipe.", text)
    assert isinstance(guide, Guide)
    assert [(i.name, i.amount) for i in guide.ingredients] == items


@pytest.mark.parametrize(("text", "items"), [
    ("Mash 2 bananas, whisk in 2 eggs and 100 g flour with 150 ml milk. Add 1 tsp baking powder. Heat a pan, pour small "
     "rounds, cook 2 minutes per side. Serve with 1 tbsp honey.", [("bananas", 2, "piece"), ("eggs", 2, "piece"), (
         "flour", 100, "g"), ("milk", 150, "ml"), ("baking powder", 1, "tsp"), ("honey", 1, "tbsp")]),
    ("Mash 2 avocados with 1 tbsp lime juice. Add 1 tsp salt and 2 tbsp chopped onion. Serve at once",
     [("avocados", 2, "piece"), ("lime juice", 1, "tbsp"), ("salt", 1, "tsp"), ("chopped onion", 2, "tbsp")]),
])
def test_a_recipe_pasted_on_one_line_gives_every_sentences_ingredients(text: str, items: list) -> None:
    recipe = parse(Recipe, "Extract the recipe.", text)
    assert isinstance(recipe, Recipe)
    assert [(i.name, i.quantity, i.unit) for i in recipe.ingredients] == items
