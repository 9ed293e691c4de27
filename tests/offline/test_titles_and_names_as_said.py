"""Titles and names a careful model sends as the user says them, to a learner's own catalogue, music, podcast, course
and help-desk tools.

A work and its maker are split at "by" past the question's own words ("Do you have Dune by Frank Herbert?": Dune, Frank
Herbert); a title runs on over its small words and its capitalised ones ("Pride and Prejudice", "Stairway to Heaven",
"The Rest Is History"), and no other field takes a part of it; a name after "to" is the thing when no other is named
("Subscribe me to Fall of Civilizations"); a how-to wish is searched in the help docs, past "I'd like to".
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def search_catalog(title: str, author: str | None = None) -> str:
    """Search the library catalogue for books."""
    return json.dumps([{"isbn": "9780441013593", "title": title, "available": True}])


@function_tool
def reserve_book(isbn: str) -> str:
    """Reserve a book by its ISBN."""
    return f"Reserved {isbn}."


@function_tool
def find_record(album: str, artist: str | None = None) -> str:
    """Find a vinyl record in the shop."""
    return "2 copies in stock"


@function_tool
def subscribe(show_name: str) -> str:
    """Subscribe the user to a podcast show."""
    return f"Subscribed to {show_name}."


@function_tool
def follow_podcast(podcast: str) -> str:
    """Follow a podcast so new episodes download."""
    return f"Following {podcast}."


@function_tool
def enroll(course_name: str) -> str:
    """Enroll the student in a course."""
    return "Enrolled."


@function_tool
def add_to_playlist(song: str, playlist: str) -> str:
    """Add a song to one of the user's playlists."""
    return "Added."


@function_tool
def search_help(query: str) -> str:
    """Search the help center articles."""
    return "Go to Settings > Branding and upload the logo."


@function_tool
def open_ticket(subject: str, description: str) -> str:
    """Open a support ticket with the support team."""
    return "Ticket #1042 opened."


async def _calls(tools: list, instructions: str, message: str) -> list[tuple[str, dict]]:
    result = await Runner.run(Agent(name="Assistant", instructions=instructions, tools=tools), message)
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


@pytest.mark.parametrize(("message", "title", "author"), [
    ("Do you have Dune by Frank Herbert?", "Dune", "Frank Herbert"),
    ("Have you got a copy of Normal People by Sally Rooney?", "Normal People", "Sally Rooney"),
])
async def test_a_title_and_its_author_fill_their_own_fields(message, title, author):
    calls = await _calls([search_catalog, reserve_book], "You are a library assistant.", message)
    assert calls == [("search_catalog", {"title": title, "author": author})]


async def test_an_album_asked_about_is_looked_up_with_its_artist():
    calls = await _calls([find_record], "You help customers of a record shop.", "Do you stock Rumours by Fleetwood Mac?")
    assert calls == [("find_record", {"album": "Rumours", "artist": "Fleetwood Mac"})]


@pytest.mark.parametrize(("message", "title"), [
    ("Is Pride and Prejudice available?", "Pride and Prejudice"),
    ("Is War and Peace in?", "War and Peace"),
    ("Have you got Of Mice and Men?", "Of Mice and Men"),
    ("Is The Catcher in the Rye available?", "The Catcher in the Rye"),
])
async def test_a_title_is_not_split_at_and(message, title):
    calls = await _calls([search_catalog, reserve_book], "You are a library assistant.", message)
    assert calls == [("search_catalog", {"title": title, "author": None})]


@pytest.mark.parametrize(("tool", "message", "value"), [
    (subscribe, "Subscribe me to Fall of Civilizations", {"show_name": "Fall of Civilizations"}),
    (follow_podcast, "Follow The Rest Is History for me", {"podcast": "The Rest Is History"}),
    (follow_podcast, "Subscribe me to Stuff You Should Know", {"podcast": "Stuff You Should Know"}),
    (enroll, "Sign me up for Introduction to Data Science", {"course_name": "Introduction to Data Science"}),
    (enroll, "Enroll me in Machine Learning 101", {"course_name": "Machine Learning 101"}),
])
async def test_a_title_keeps_its_small_and_capitalised_words(tool, message, value):
    assert await _calls([tool], "You are the assistant of a learning and listening app.", message) == [(tool.name, value)]


async def test_a_song_title_with_to_is_whole_and_the_playlist_is_its_own():
    calls = await _calls([add_to_playlist], "You manage music playlists.", "Add Stairway to Heaven to my Road Trip playlist")
    assert calls == [("add_to_playlist", {"song": "Stairway to Heaven", "playlist": "Road Trip"})]


@pytest.mark.parametrize(("message", "query"), [
    ("I'd like to add my logo to invoices", "add my logo to invoices"),
    ("I want to export my clients to a spreadsheet", "export my clients to a spreadsheet"),
])
async def test_a_how_to_wish_searches_the_help(message, query):
    calls = await _calls([search_help, open_ticket], "You are the helpdesk assistant for an invoicing app.", message)
    assert calls == [("search_help", {"query": query})]


@function_tool
def search_books(title: str | None = None, author: str | None = None) -> str:
    """Search the library catalogue by title and/or author."""
    return json.dumps([{"isbn": "978-0-441-47812-5", "title": "The Left Hand of Darkness", "author": "Ursula K. Le Guin"},
                       {"isbn": "978-0-547-77374-4", "title": "A Wizard of Earthsea", "author": "Ursula K. Le Guin"}])


@function_tool
def find_films(title: str | None = None, director: str | None = None) -> str:
    """Find films in the video archive by title or director."""
    return json.dumps([{"film_id": "FA-77", "title": "The Grand Budapest Hotel", "director": "Wes Anderson"}])


async def test_a_search_whose_fields_may_be_null_gets_the_title_or_the_maker_said():
    library = [search_books, reserve_book]
    assert await _calls(library, "You are a library assistant.", "Do you have The Left Hand of Darkness?") == [
        ("search_books", {"title": "The Left Hand of Darkness", "author": None})]
    assert await _calls(library, "You are a library assistant.", "Do you have anything by Ursula K. Le Guin?") == [
        ("search_books", {"title": None, "author": "Ursula K. Le Guin"})]
    assert await _calls([find_films], "You run a video archive.", "Is The Grand Budapest Hotel in the archive?") == [
        ("find_films", {"title": "The Grand Budapest Hotel", "director": None})]
    assert await _calls([find_films], "You run a video archive.", "Have you got anything by Wes Anderson?") == [
        ("find_films", {"title": None, "director": "Wes Anderson"})]


async def test_the_second_one_found_by_its_author_is_reserved():
    session = SQLiteSession(":memory:")
    agent = Agent(name="Assistant", instructions="You are a library assistant.", tools=[search_books, reserve_book])
    await Runner.run(agent, "Do you have anything by Ursula K. Le Guin?", session=session)
    result = await Runner.run(agent, "Reserve the second one", session=session)
    calls = [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]
    assert calls == [("reserve_book", {"isbn": "978-0-547-77374-4"})]


@function_tool
def add_to_cart(product_name: str, quantity: int) -> str:
    """Add a product to the shopping cart."""
    return "Added."


@function_tool
def order_supplies(item: str, quantity: int) -> str:
    """Order office supplies."""
    return "Ordered."


async def test_a_counted_products_name_is_not_the_verb_before_its_count():
    assert await _calls([add_to_cart], "You are a shop assistant.", "Add 2 Kindle Paperwhite to my cart") == [
        ("add_to_cart", {"product_name": "Kindle Paperwhite", "quantity": 2})]
    assert await _calls([order_supplies], "You order supplies for the office.", "Order 3 Moleskine Notebooks") == [
        ("order_supplies", {"item": "Moleskine Notebooks", "quantity": 3})]


@function_tool
def search_films(title: str) -> str:
    """Search films showing at the cinema."""
    return json.dumps([{"film_id": "F-12", "title": title, "time": "21:15"}])


@function_tool
def lookup_game(title: str) -> str:
    """Look up a video game in the store."""
    return "In stock."


async def test_a_title_keeps_its_colon():
    assert await _calls([search_films], "You are a cinema assistant.", "When is Dune: Part Two showing?") == [
        ("search_films", {"title": "Dune: Part Two"})]
    assert await _calls([lookup_game], "You help at a game store.", "Do you have The Legend of Zelda: Tears of the Kingdom?") == [
        ("lookup_game", {"title": "The Legend of Zelda: Tears of the Kingdom"})]


@function_tool
def search_streaming(query: str) -> str:
    """Search the streaming catalogue."""
    return json.dumps([{"id": "m1", "title": "Past Lives"}, {"id": "m2", "title": "The Zone of Interest"}])


@function_tool
def add_to_watchlist(movie_title: str) -> str:
    """Add a movie to the user's watchlist."""
    return "Added."


@function_tool
def rent_film(film_id: str) -> str:
    """Rent a film for 48 hours."""
    return "Rented."


@pytest.mark.parametrize(("tools", "first", "then", "call"), [
    ([search_streaming, add_to_watchlist], "Search for Past Lives", "Add it to my watchlist",
     ("add_to_watchlist", {"movie_title": "Past Lives"})),
    ([search_streaming, rent_film], "Search for The Zone of Interest", "Rent it", ("rent_film", {"film_id": "m2"})),
])
async def test_it_is_the_record_the_search_found_by_the_name_said(tools, first, then, call):
    session = SQLiteSession(":memory:")
    agent = Agent(name="Assistant", instructions="You are a media assistant.", tools=tools)
    await Runner.run(agent, first, session=session)
    result = await Runner.run(agent, then, session=session)
    assert [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"] == [call]


async def test_a_work_and_its_maker_typed_in_lower_case_are_looked_up():
    assert await _calls([search_catalog, reserve_book], "You are a library assistant.", "do you have dune by frank herbert") == [
        ("search_catalog", {"title": "dune", "author": "frank herbert"})]
    assert await _calls([find_record], "You help customers of a record shop.", "do you stock rumours by fleetwood mac?") == [
        ("find_record", {"album": "rumours", "artist": "fleetwood mac"})]


@function_tool
def search_courses(topic: str) -> str:
    """Search the course catalogue."""
    return json.dumps([{"code": "CS101", "title": "Intro to Python"}, {"code": "CS205", "title": "Data Structures"}])


@function_tool
def enroll_in(course_code: str) -> str:
    """Enroll in a course by its code."""
    return "Enrolled."


@function_tool
def search_products(query: str) -> str:
    """Search the shop."""
    return json.dumps([{"sku": "A-1", "name": "Kindle Paperwhite"}, {"sku": "A-2", "name": "Kindle Scribe"}])


@function_tool
def add_sku_to_cart(sku: str, quantity: int) -> str:
    """Add a product to the cart."""
    return "Added."


@pytest.mark.parametrize(("tools", "first", "then", "call"), [
    ([search_courses, enroll_in], "What Python courses are there?", "Enroll me in Data Structures",
     ("enroll_in", {"course_code": "CS205"})),
    ([search_products, add_sku_to_cart], "Show me Kindles", "Add the Scribe to my cart",
     ("add_sku_to_cart", {"sku": "A-2", "quantity": 1})),
])
async def test_a_record_named_from_an_earlier_list_gives_its_code(tools, first, then, call):
    session = SQLiteSession(":memory:")
    agent = Agent(name="Assistant", instructions="You help customers.", tools=tools)
    await Runner.run(agent, first, session=session)
    result = await Runner.run(agent, then, session=session)
    assert [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"] == [call]


@function_tool
def find_recipe(dish: str) -> str:
    """Find a recipe for a dish."""
    return "Sear the beef, wrap it in duxelles and pastry, bake 40 minutes."


@function_tool
def get_product(product_name: str) -> str:
    """Get details and price of a product in the shop."""
    return "149 EUR, 16 GB, waterproof."


async def test_a_question_about_a_name_alone_goes_to_the_one_tool_it_fits():
    assert await _calls([find_recipe], "You are a cooking assistant.", "How do I make Beef Wellington?") == [
        ("find_recipe", {"dish": "Beef Wellington"})]
    assert await _calls([get_product], "You are a shop assistant.", "Tell me about the Kindle Paperwhite") == [
        ("get_product", {"product_name": "Kindle Paperwhite"})]
    assert await _calls([find_recipe], "You are a cooking assistant.", "Who invented Beef Wellington?") == []
