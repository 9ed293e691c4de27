"""Memory, notes, tools and schemas, as outside testers met them this round (in my own words and domains):

- a choice taken back ("Go back to the terracotta after all", "Forget what I said about the kayak") or a person
  withdrawn ("withdraw him from the relay") is what recall answers with; a relative never mentioned ("my
  grandpa") is not answered with another's fact ("my grandma's birthday");
- a note keeps a sentence one word over its line length whole ("..., she's 2."), not cut before its value;
- the word "tools" in what the user tells ("six crates of tools") is no question about the assistant's tools;
- a tool's arguments stay valid against its schema: an optional object with a required number not said is left
  out (null), not sent half-filled; a value that misses only the pattern's leading "#" gets it;
- a ``word_count`` is the count the user gives ("a 2,750-word report"), not the words of the message.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent

from memlab.offline.api import OfflineAPI

from ..helpers import offline_summarizer, said, turns

pytestmark = pytest.mark.usefixtures("api")

HELPER = Agent(name="Helper", instructions="Remember the details you are given and answer questions about them briefly.")


async def replies(texts: list[str], agent: Agent = HELPER) -> list[str]:
    return [reply for _, reply in await turns(agent, texts)]


def _answer(text: str) -> str:
    """The offline model's reply to one message."""
    return OfflineAPI().respond({"model": "gpt-4.1-mini", "input": text})["output"][-1]["content"][0]["text"]


def _parsed(schema: dict, message: str, instructions: str = "Fill in the form from the message.") -> dict:
    """The JSON the offline model fills ``schema`` with from ``message``."""
    response = OfflineAPI().respond({"model": "gpt-4.1-mini", "instructions": instructions, "input": message, "text": {
        "format": {"type": "json_schema", "name": "form", "schema": schema, "strict": False}}})
    return json.loads(response["output"][-1]["content"][0]["text"])


def _calls(tools: list[dict], message: str) -> list[tuple[str, dict]]:
    """The calls (name, arguments) the offline model makes of ``tools`` for ``message``."""
    response = OfflineAPI().respond({"model": "gpt-4.1-mini", "instructions": "Use your tools.", "input": message,
                                     "tools": tools})
    return [(item["name"], json.loads(item["arguments"])) for item in response["output"] if item["type"] == "function_call"]


def _tool(name: str, description: str, properties: dict, required: list[str] | None = None) -> dict:
    return {"type": "function", "name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": list(properties) if required is None else required}}


async def test_a_choice_taken_back_twice_ends_on_the_last_one() -> None:
    said_back = await replies([
        "The mural on the school gym wall starts on 2 May.",
        "For the background, let's use terracotta.",
        "Actually, drop the terracotta, I want the background in ultramarine instead.",
        "The head teacher is not keen. Go back to the terracotta for the background after all.",
        "What colour is the background going to be?"])
    assert said_back[-1].rstrip(".").endswith("Go back to the terracotta for the background after all")


async def test_what_the_user_told_to_forget_is_corrected_by_what_follows() -> None:
    said_back = await replies([
        "My nephew Ruari turns 12 on 9 September, he loves kayaking.",
        "Forget what I said about the kayaking, he does rock climbing these days.",
        "What is Ruari into?"])
    assert said_back[-1].rstrip(".").endswith("he does rock climbing these days")


async def test_a_runner_withdrawn_is_no_longer_in_the_race() -> None:
    said_back = await replies([
        "Enter Ossian Hale in the Lakeside Relay on 14 June, leg 3.",
        "Sad news, Ossian pulled a hamstring - withdraw him from the relay please.",
        "Is Ossian still in the relay?"])
    assert said_back[-1].startswith("No: you told me") and "withdraw him" in said_back[-1]


async def test_a_relative_never_mentioned_gets_no_other_relatives_fact() -> None:
    said_back = await replies([
        "My grandma, Edith, has her birthday on 4 March; budget 40 pounds.",
        "What is my grandpa's birthday?",
        "And when is my grandmother's birthday?"])
    assert "4 March" not in said_back[1] and said_back[1].startswith("I don't know")
    assert "4 March" in said_back[2]


async def test_the_word_tools_in_a_statement_is_no_question_about_the_assistants_tools() -> None:
    said_back = await replies(["We move on 30 May: the workshop has 12 boxes.",
                               "Can you also take the loft? About 6 crates of tools."])
    assert "no tools" not in said_back[1] and "6 crates of tools" in said_back[1]


async def test_a_note_keeps_a_sentence_one_word_over_whole() -> None:
    _, note = await offline_summarizer().summarize(said(
        "I foster four animals: a lurcher called Moss (6 yrs), a ginger cat called Toffee (3 yrs) and a ferret called "
        "Nib, and he's 1.", "Toffee's booster is on 11 June at 9:15am."))
    assert "a ferret called Nib, and he's 1." in note and "he's …" not in note


def test_an_optional_range_with_no_end_said_is_left_out_not_sent_half_filled() -> None:
    span = {"type": "object", "properties": {"first_year": {"type": "integer"}, "last_year": {"type": "integer"}},
            "required": ["first_year", "last_year"]}
    tool = {"type": "function", "name": "find_fossils", "description": "Find fossils in the store by keyword, within a span of years.",
            "parameters": {"type": "object", "properties": {"keyword": {"type": "string"},
                                                            "span": {"anyOf": [span, {"type": "null"}]}},
                           "required": ["keyword", "span"]}}
    arguments = _calls([tool], "find ammonites from 1820")[0][1]
    assert arguments["span"] is None or isinstance(arguments["span"]["last_year"], int)


def test_a_value_missing_only_the_patterns_hash_gets_it() -> None:
    tool = {"type": "function", "name": "match_thread", "description": "Match an embroidery thread to a hex colour.",
            "strict": True, "parameters": {"type": "object", "properties": {"hex_colour": {
                "type": "string", "pattern": "^#[0-9a-fA-F]{6}$"}}, "required": ["hex_colour"], "additionalProperties": False}}
    assert _calls([tool], "thread match for c04a2e please")[0][1] == {"hex_colour": "#c04a2e"}


def test_a_word_count_is_the_count_the_user_gives() -> None:
    schema = {"type": "object", "properties": {"word_count": {"type": "integer"}, "language": {"type": "string"}},
              "required": ["word_count", "language"], "additionalProperties": False}
    job = _parsed(schema, "Hello, could you proofread a 2,750-word grant report in Welsh by Monday?",
                  "Extract the proofreading job.")
    assert job["word_count"] == 2750


RESPRAY = [
    {"role": "user", "content": "hello, Idris Penhale here, I left a bike frame with you on Monday - frame FR-44190. the paint is chipped on the top tube"},
    {"role": "assistant", "content": "Thanks Idris, FR-44190 is on the rack. We'd strip and respray the frame."},
    {"role": "user", "content": "great. collection on 3 May suits?"},
    {"role": "assistant", "content": "3 May is possible."},
    {"role": "user", "content": "oh sorry, make collection 10/05 instead, I'm at a race that weekend. my number is 07700 900456 if you need me"},
    {"role": "assistant", "content": "Collection moved to 10 May. I've saved 07700 900456."},
]

CARD = """Fill in this job card, one line per field, keep the labels exactly:
Customer: the customer's full name
Frame: the frame number, verbatim
Collection date: the final collection date (after any changes)
Phone: the customer's phone number"""


async def test_a_card_asked_one_line_per_field_gets_each_value_on_its_line() -> None:
    _, note = await offline_summarizer(prompt=CARD).summarize(RESPRAY)
    assert note.splitlines() == ["Customer: Idris Penhale", "Frame: FR-44190", "Collection date: 10 May",
                                 "Phone: 07700 900456"]


async def test_a_json_key_of_a_moved_date_takes_the_latest_and_an_id_after_a_dash_keeps_its_own_label() -> None:
    prompt = "Return JSON with the keys customer, frame, collection_date, phone. Use null for anything not stated."
    _, note = await offline_summarizer(prompt=prompt).summarize(RESPRAY)
    card = json.loads(note)
    assert card["frame"] == "FR-44190" and card["collection_date"] == "10 May" and card["phone"] == "07700 900456"


async def test_json_keys_read_a_name_an_account_a_code_and_measures_from_what_follows_their_word() -> None:
    prompt = ("Return JSON with the keys owner_name, account, pond_volume, ammonia_ppm, alarm_code. Use null where the "
              "conversation gave nothing. Only JSON.")
    _, note = await offline_summarizer(prompt=prompt).summarize(said(
        "Hi, our koi pond is 9000 litre and the ammonia test shows 2 ppm, not good. Name's Wren Halloway",
        "Customer account is KP-3301, can you send someone?",
        "The side gate is locked. And the alarm code is 9182"))
    card = json.loads(note)
    assert card == {"owner_name": "Wren Halloway", "account": "KP-3301", "pond_volume": "9000 litre",
                    "ammonia_ppm": "2 ppm", "alarm_code": "9182"}


HAULAGE = {"type": "object", "properties": {
    "from_town": {"type": "string"}, "to_town": {"type": "string"}, "haul_date": {"type": "string", "format": "date"},
    "load_m3": {"anyOf": [{"type": "number"}, {"type": "null"}]},
    "floor_at_delivery": {"anyOf": [{"type": "integer"}, {"type": "null"}], "description": "floor number; 0 = ground"},
    "has_safe": {"type": "boolean"}}, "required": ["from_town", "to_town", "haul_date", "load_m3", "floor_at_delivery",
                                                   "has_safe"]}


def test_a_route_without_from_a_date_after_a_word_of_the_field_and_a_volume_in_cubic_metres() -> None:
    form = _parsed(HAULAGE, "Hauling Dundee -> Perth, 2026-03-12, three room office. roughly 18 cubic metres of kit")
    assert form["from_town"] == "Dundee" and form["to_town"] == "Perth" and form["haul_date"] == "2026-03-12"
    assert form["load_m3"] == 18 and form["floor_at_delivery"] is None


def test_the_ground_floor_is_floor_0_and_a_labelled_no_stays_no_beside_a_later_sorry() -> None:
    form = _parsed(HAULAGE, "Office move from Ayr to Troon on 2026-04-02. Safe: no. Ground floor at the new unit, sorry "
                            "for the late notice!")
    assert form["floor_at_delivery"] == 0 and form["has_safe"] is False


async def test_review_the_new_rules_keep_to_their_own_cases() -> None:
    """What the first review of this round found the new rules doing beyond their cases."""
    _, card = await offline_summarizer(prompt="Fill in:\nCustomer: the customer's name\nPet: the pet's name").summarize(
        said("My cat's name's Pixel and she sneezes a lot."))
    assert "Customer:\n- none" in card or "Customer: none" in card
    keys = "Return JSON with the keys member, phone, visit_date, alarm_code, gate_code. Use null where nothing was said."
    _, note = await offline_summarizer(prompt=keys).summarize(said(
        "I'm Odile Marsh. Membership number 55012345.", "Visit on 9 October.", "The reminder letter went out on 2 October.",
        "The alarm code is 7310 and the gate code is 2264."))
    values = json.loads(note)
    assert values["phone"] is None and values["visit_date"] == "9 October"
    assert values["alarm_code"] == "7310" and values["gate_code"] == "2264"
    _, asked = await offline_summarizer(prompt="Return JSON with the keys member, alarm_code. Use null where nothing was "
                                               "said.").summarize(said("I'm Odile Marsh. Is the alarm code 7310?"))
    assert json.loads(asked)["alarm_code"] is None
    said_back = await replies(["Dinner tonight is the mushroom risotto.", "After all that walking, I'm starving.",
                               "What's for dinner tonight?"])
    assert "starving" not in said_back[-1]
    assert _parsed({"type": "object", "properties": {"word_count": {"type": ["integer", "null"]}}, "required": [
        "word_count"]}, "The 2023 word of the year was rizz. Write me a short piece on slang.")["word_count"] != 2023


async def test_review_word_counts_prefixes_take_backs_and_routes_of_the_second_review() -> None:
    """What the second review of this round found: a count said "a 600 word essay", a pattern's prefix with a digit
    in it ("T1-"), a labelled no taken back by a sentence opening "Actually", a phone said "You can reach me on ...",
    a country field beside a route of cities."""
    assert _parsed({"type": "object", "properties": {"word_count": {"type": "integer"}}, "required": ["word_count"]},
                   "Please proofread a 600 word essay on tides by Friday.")["word_count"] == 600
    assert _parsed({"type": "object", "properties": {"ticket": {"type": "string", "pattern": "^T1-[0-9]{4}$"}},
                    "required": ["ticket"]}, "Ticket 4567 please.")["ticket"] == "T1-4567"
    assert _parsed({"type": "object", "properties": {"has_cellar": {"type": "boolean"}}, "required": ["has_cellar"]},
                   "Cellar: no. Actually there is a small one, sorry.")["has_cellar"] is not False
    said_back = await replies(["Could you also deliver the cot? You can reach me on 07700 900456."])
    assert "07700 900456" in said_back[0]
    form = _parsed({"type": "object", "properties": {"to_country": {"type": ["string", "null"]}, "from_country": {
        "type": ["string", "null"]}}, "required": ["to_country", "from_country"]}, "Moving Porto to Braga in June.")
    assert form["from_country"] != "Porto"


@pytest.mark.parametrize(("extra", "named"), [
    ({"top_p": 1.5}, "top_p"),
    ({"metadata": {"note": "x" * 600}}, "metadata.note"),
    ({"tools": [{"type": "function", "name": "log_catch", "strict": True, "parameters": {
        "type": "object", "properties": {"species": {"type": "string"}}, "required": ["species"]}}]}, "tools[0].parameters"),
    ({"text": {"format": {"type": "json_schema", "name": "catch", "strict": True, "schema": {
        "type": "object", "properties": {"species": {"type": "string"}, "kg": {"type": "number"}}, "required": ["species"],
        "additionalProperties": False}}}}, "text.format.schema"),
])
def test_what_the_real_api_refuses_is_refused_offline_by_name(extra: dict, named: str) -> None:
    from memlab.offline.checks import OfflineAPIError
    with pytest.raises(OfflineAPIError) as refused:
        OfflineAPI().respond({"model": "gpt-4.1-mini", "input": "Log a 3 kg pike, json please.", **extra})
    assert refused.value.param == named


def test_labelled_readings_each_take_the_number_after_their_label() -> None:
    tool = _tool("check_pond", "Check a pond's water readings.", {"pond_id": {"type": "string"}, "ph": {"type": "number"},
                 "nitrite_ppm": {"type": "number"}, "kh": {"type": "number"}})
    assert _calls([tool], "pond P-4: ph 7.9 nitrite 0 kh 6")[0][1] == {"pond_id": "P-4", "ph": 7.9, "nitrite_ppm": 0, "kh": 6}


def test_a_code_after_against_and_a_week_said_in_words_of_a_yyyy_mm_dd_field() -> None:
    log = _tool("log_miles", "Log miles driven by a driver on a date (YYYY-MM-DD), optionally against a cost centre like "
                "CC-12.", {"driver_id": {"type": "string"}, "date": {"type": "string"}, "miles": {"type": "number"},
                           "cost_centre": {"type": ["string", "null"]}})
    assert _calls([log], "log 42 miles for D-207 on 2026-02-02 against CC-31")[0][1]["cost_centre"] == "CC-31"
    week = _tool("week_miles", "Miles a driver logged in the week starting on a Monday (YYYY-MM-DD).",
                 {"driver_id": {"type": "string"}, "week_starting": {"type": "string"}})
    assert _calls([week], "miles for D-207 week starting 2nd February 2026?")[0][1]["week_starting"] == "2026-02-02"


def test_a_player_registered_for_a_team_goes_in_the_players_field() -> None:
    tool = _tool("sign_player", "Sign a player to a netball team with a bib number.", {
        "team": {"type": "string"}, "player_name": {"type": "string"}, "bib": {"type": "integer"}})
    assert _calls([tool], "sign Ines Moura for Quayside Comets, bib 9")[0][1] == {
        "team": "Quayside Comets", "player_name": "Ines Moura", "bib": 9}


def test_do_you_have_any_of_an_option_searches_and_a_tools_own_example_shapes_its_one_field() -> None:
    search = _tool("search_herbarium", "Search the herbarium by keyword, optionally by preservation.", {
        "keyword": {"type": "string"}, "preservation": {"anyOf": [{"type": "string", "enum": ["pressed", "spirit",
                                                                                                 "dried"]}, {"type": "null"}]}})
    where = _tool("specimen_drawer", "The drawer a specimen is kept in, by its catalogue code (e.g. 2011.7.40).", {
        "code": {"type": "string"}})
    assert [name for name, _ in _calls([search, where], "Do you have any spirit specimens?")] == ["search_herbarium"]
    assert _calls([search, where], "which drawer holds 1998.3.12 and 2011.7.40?") == [
        ("specimen_drawer", {"code": "1998.3.12"}), ("specimen_drawer", {"code": "2011.7.40"})]


def _followed_up(tool: dict, first: str, arguments: dict, output: str, then: str) -> list[tuple[str, dict]]:
    items = [{"role": "user", "content": first},
             {"type": "function_call", "name": tool["name"], "arguments": json.dumps(arguments), "call_id": "c1"},
             {"type": "function_call_output", "call_id": "c1", "output": output},
             {"role": "assistant", "content": output}, {"role": "user", "content": then}]
    response = OfflineAPI().respond({"model": "gpt-4.1-mini", "instructions": "Use your tools.", "input": items, "tools": [tool]})
    return [(item["name"], json.loads(item["arguments"])) for item in response["output"] if item["type"] == "function_call"]


def test_a_follow_up_naming_another_listed_option_asks_for_that_one() -> None:
    cut = _tool("cut_price", "Price for cutting a number of sheets of a material (acrylic, plywood, mdf).", {
        "material": {"type": "string"}, "sheets": {"type": "integer"}})
    assert _followed_up(cut, "how much for 12 acrylic sheets?", {"material": "acrylic", "sheets": 12}, "12 x acrylic = £96",
                        "and 4 plywood ones?") == [("cut_price", {"material": "plywood", "sheets": 4})]
    rink = _tool("free_slots", "Free slots on a rink ('north' or 'south') at a given hour (0-23).", {
        "rink": {"type": "string"}, "hour": {"type": "integer"}})
    assert _followed_up(rink, "any free slots on the north rink at 9?", {"rink": "north", "hour": 9}, "Slots 1 and 3.",
                        "what about the south rink at 20?") == [("free_slots", {"rink": "south", "hour": 20})]
    assert [arguments["material"] for _, arguments in _calls([cut], "quote me 3 plywoods and 5 mdfs")] == ["plywood", "mdf"]


async def test_a_corrected_date_goes_to_the_date_said_in_figures_not_to_an_age() -> None:
    said_back = await replies(["Hi, I'm Rhian, my son Efan is 9 and wants to try fencing.", "His birthday is 03/11/2016 btw.",
                               "no wait, sorry, it's 4 November 2016, I always get that wrong", "What's Efan's birthday?"])
    assert "4 November 2016" in said_back[3] and "03/11/2016" not in said_back[3]
    assert "Efan is 4 November" not in said_back[2]  # (the age stays 9: no date written over it)


async def test_incl_does_not_end_a_sentence() -> None:
    hostel = Agent(name="Hostel", instructions="Dorm beds cost 28 EUR per night incl. linen and breakfast. Check-in from 15:00.")
    assert "incl. linen and breakfast" in (await replies(["How much is a dorm bed?"], hostel))[0]


async def test_review_readings_examples_counts_take_backs_and_keys_of_the_third_review() -> None:
    """What the third review of this round found the new rules doing beyond their cases."""
    crates = _tool("ship_crates", "Ship crates and drums to a bay.", {"crates": {"type": "integer"}, "drums": {
        "type": "integer"}, "bay": {"type": "string"}})
    assert _calls([crates], "Ship 9 crates and 4 drums to bay 6")[0][1] == {"crates": 9, "drums": 4, "bay": "6"}
    zone = _tool("check_zone", "Check delivery to a postcode (e.g. EH1 2NG).", {"postcode": {"type": "string"}})
    assert _calls([zone], "Do you deliver to G12 8QQ?") == [("check_zone", {"postcode": "G12 8QQ"})]
    essay = _tool("submit_story", "Submit a story with its title and word count.", {"title": {"type": "string"},
                                                                                      "word_count": {"type": "integer"}})
    assert _calls([essay], "Submit 'Salt Roads' for the 500 word challenge, it came out at 480 words")[0][1][
        "word_count"] == 480
    move = _tool("quote_move", "Quote a house move.", {"bedrooms": {"type": "integer"}, "shed": {"type": "boolean"},
                                                       "parking": {"type": "boolean"}})
    assert _calls([move], "3 bedrooms. Shed: yes. Parking: no. Actually we'll walk the boxes over.")[0][1]["parking"] is False
    orders = [_tool("find_products", "Search the shop.", {"query": {"type": "string"}, "colour": {
        "type": "string", "enum": ["green", "grey", "black"]}}, ["query"]), _tool("order_status", "Status of an order.", {
            "order_id": {"type": "string"}})]
    assert [name for name, _ in _calls(orders, "Are there any updates on order 77310? It was the grey coat.")] == ["order_status"]
    keys = "Return JSON with the keys customer_name, access_code, alarm_code. Use null where nothing was said."
    _, note = await offline_summarizer(prompt=keys).summarize(said(
        "Hi, I'm Jo Pike, the washing machine is leaking.", "The alarm code is 2468.", "And the side door code is 1357."))
    assert json.loads(note)["access_code"] != "2468"


async def test_a_desk_for_speakers_of_a_language_takes_a_message_in_it() -> None:
    from agents import Runner
    portuguese = Agent(name="Balcão em português", handoff_description="Portuguese-speaking callers.",
                       instructions="Respondes em português. A biblioteca abre às 9:00.")
    loans = Agent(name="Loans desk", handoff_description="Book loans, renewals and fines.", instructions="Loans last 21 days.")
    triage = Agent(name="Triage", instructions="Route the caller to the right desk.", handoffs=[loans, portuguese])
    result = await Runner.run(triage, "Olá, bom dia, quero saber a que horas abre a biblioteca")
    assert result.last_agent is portuguese


async def test_a_question_asked_without_a_question_mark_is_no_news_to_note() -> None:
    said_back = await replies(["Our kiln shelf cracked in the last firing what do I do",
                               "the course was cancelled last week, do I get my deposit back"])
    assert not any(reply.startswith("Noted") for reply in said_back)


async def test_review_whole_names_levels_units_and_idioms_of_the_round_review() -> None:
    """What the review of the whole round found the new rules doing beyond their cases."""
    route = _parsed(HAULAGE, "Hauling St Ives to Milton Keynes on 2026-05-05. Safe: no.")
    assert route["from_town"] == "St Ives" and route["to_town"] == "Milton Keynes"
    assert _parsed(HAULAGE, "Welcome to Penzance. Haul on 2026-05-06, safe: no.")["from_town"] != "Welcome"
    tower = {"type": "object", "properties": {"block": {"type": "string"}, "floor": {"anyOf": [{"type": "integer"}, {
        "type": "null"}]}, "rooms": {"type": "integer"}}, "required": ["block", "floor", "rooms"]}
    assert _parsed(tower, "Block D, 6 rooms on level 4.")["floor"] == 4
    _, card = await offline_summarizer(prompt="Fill in this card, one line per field:\nName: the owner's name\nPond: its "
                                              "volume").summarize(said("Hi, I'm Bea Lusk.", "The pond is 900 litres."))
    assert "Pond: 900 litres" in card
    log = _tool("log_hours", "Log hours against a project code like PRJ-10.", {"hours": {"type": "number"}, "project_code": {
        "type": "string"}})
    assert _calls([log], "I'm against PRJ-55 being closed. Log 3 hours on PRJ-61.")[0][1]["project_code"] == "PRJ-61"
    search = _tool("search_catalogue", "Search the catalogue.", {"keyword": {"type": "string"}, "metal": {"anyOf": [{
        "type": "string", "enum": ["bronze", "iron", "silver"]}, {"type": "null"}]}})
    where = _tool("object_room", "The room an object is in, by its number.", {"number": {"type": "string"}})
    assert [name for name, _ in _calls([search, where], "Do you have any idea what bronze is made of?")] != ["search_catalogue"]


def test_whether_a_list_in_the_message_contains_a_thing_is_answered_from_it() -> None:
    assert _answer("Does this list contain Tromsø? Bergen, Tromsø, Bodø. Answer yes or no.").startswith("Yes")
    assert _answer("Does this list include Oslo? Bergen, Tromsø, Bodø.").startswith("No")


async def test_a_race_said_like_10k_is_no_code_a_statement_must_hold() -> None:
    said_back = await replies(["Ines and Rui are running the Quayside 10k on 3 May.", "Ines's bib is 2210 and Rui's is 2217.",
                               "What's Rui's bib number for the 10k?"])
    assert "2217" in said_back[-1]


async def test_a_level_said_as_its_value_and_a_start_the_user_moved_are_recalled() -> None:
    said_back = await replies(["My pupils this term are Ola Brandt and Olaf Brand.", "Ola Brandt has lessons on Mondays, she is "
                               "intermediate.", "Ola Brandt's dad paid for 8 lessons.", "What level is Ola Brandt?"])
    assert "intermediate" in said_back[-1]
    said_back = await replies(["We'd like the fence painted, starting Tuesday 6 May.", "the start date is moving to the 8th "
                               "of May, the 6th is no good", "When do you start?"])
    assert "8th of May" in said_back[-1]


async def test_review_routes_levels_lists_and_asides_of_the_last_review() -> None:
    """What the last review of this round found the newest rules doing beyond their cases."""
    route = _parsed(HAULAGE, "Quote for Ada and Joss Penn, Truro to Exeter, 2026-07-01. Safe: no.")
    assert route["from_town"] == "Truro"
    assert _parsed(HAULAGE, "Coach Bodmin to Looe on 2026-07-02. Safe: no.")["from_town"] == "Bodmin"
    tower = {"type": "object", "properties": {"block": {"type": "string"}, "floor": {"anyOf": [{"type": "integer"}, {
        "type": "null"}]}, "rooms": {"type": "integer"}}, "required": ["block", "floor", "rooms"]}
    assert _parsed(tower, "I'm a level 2 plumber; the flat is in Oak House, 7th floor, 2 rooms.")["floor"] == 7
    assert _parsed(tower, "Block K, floor -2, 3 rooms.")["floor"] == -2
    assert not _answer("Does this list contain nuts? Flour, eggs, butter, sugar.").startswith("No")
    assert not _answer("Do these include VAT? Stool £30, table £90, shelf £25.").startswith("No")
    said_back = await replies(["Parking is free after 6 which will help"])
    assert said_back[0].startswith("Noted")
    shop = _tool("search_stock", "Search the shop's stock.", {"keyword": {"type": "string"}, "wood": {"anyOf": [{
        "type": "string", "enum": ["oak", "ash", "pine"]}, {"type": "null"}]}})
    assert [name for name, _ in _calls([shop], "Do you have any Cluedo sets in oak?")] == ["search_stock"]


async def test_a_thing_taken_off_a_list_in_the_same_message_is_no_longer_on_it() -> None:
    said_back = await replies(["We move out on 9 June.", "Study - 7 boxes, a desk and the harp... no wait, we sold the harp, "
                               "leave it out.", "Are you moving the harp?", "Are you moving the desk?",
                               "Book the kayak and the canoe for Sunday.", "Actually cancel the kayak.", "Is the kayak booked?",
                               "Did I cancel the kayak?"])
    assert said_back[2].startswith("No") and "sold the harp" in said_back[2]
    assert not said_back[3].startswith("No")
    assert said_back[6].startswith("No") and not said_back[7].startswith("No")


async def test_review_cancellations_and_levels_of_the_sixth_review() -> None:
    """What the sixth review of this round found the cancellation and level rules doing beyond their cases."""
    said_back = await replies(["Book the rowing boat and the punt for Saturday.", "Actually cancel the punt.",
                               "Do you remember the punt?", "I sold tickets for the regatta.", "Is the regatta happening?",
                               "Bake the loaf, then leave it out to cool.", "Is the loaf cooling?"])
    assert not said_back[2].startswith("No") and not said_back[4].startswith("No") and not said_back[6].startswith("No")
    deliver = _tool("book_delivery", "Book a furniture delivery.", {"address": {"type": "string"}, "floor": {
        "type": "integer", "description": "floor number of the flat"}})
    assert _calls([deliver], "Deliver to 3 Quay Row, we carry it from level 2 to level 5.")[0][1]["floor"] == 5
