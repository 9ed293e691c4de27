"""Memory, corrections, instructions and schemas, as outside testers met them this round (in my own words and domains):

- a correction written into what it corrects keeps the rest of the sentence whole: "Actually Mira wants kiln 5"
  of "Mira Holt wants kiln 2" (not "Mira Mira wants..."), "doors open at 8:45 not 9:15" (not "8:45:15"), an address
  "not postmark" (the whole address, once), "it's four ferrets" for "two ferrets";
- a day a correction moves is the day of a range told before ("starts on the 6th, not the 5th" of "from 5 to 11
  May"; "the end date is the 12th": the range's end);
- "Her friend Tamsin Roe is also entering, ID ..." is Tamsin's, not the daughter's told before;
- "Which colour did I pick for our quilt?" is the colour told, when no sentence tells both; "How many marks is
  neatness worth?" is "10 for neatness"; "What two sizes did I ask for?" asks for sizes;
- "..., can you note that?" notes what came before it; "Where is the Pellow cottage?" is the sentence with its
  address, even with dates in it;
- "No bonfires after 9pm" is a "No" at 10pm, and says nothing at 8pm;
- a schema's option of two words ("Old Harbour") stays whole beside a free text field, which is not filled with it.
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")

HELPER = Agent(name="Helper", instructions="Remember the details you are given and answer questions about them briefly.")


async def replies(texts: list[str], agent: Agent = HELPER) -> list[str]:
    return [reply for _, reply in await turns(agent, texts)]


async def test_a_correction_naming_its_person_changes_the_value_and_keeps_the_whole_name() -> None:
    said = await replies(["Mira Holt wants kiln 2 for the Sunday firing.", "Actually Mira wants kiln 5 instead.",
                          "Which kiln does Mira want?"])
    assert "Mira Holt wants kiln 5" in said[1] and "Mira Mira" not in said[1] and "kiln 5" in said[2]


async def test_a_time_an_address_and_a_spelled_count_are_corrected_in_place() -> None:
    said = await replies(["The quiz is on Friday 3 October, doors at 9:15.", "Sorry, doors open at 8:45 not 9:15.",
                          "What time do doors open?"])
    assert "doors at 8:45." in said[1] and "8:45:15" not in said[1] and "8:45" in said[2]
    said = await replies(["My email is r.okafor@postmark.example.", "Sorry, the email is r.okafor@postbox.example, not postmark.",
                          "What is my email?"])
    assert "r.okafor@postbox.example" in said[2] and "postmark" not in said[2] and said[2].count("@") == 1
    said = await replies(["The Dunmores keep two ferrets, Pip and Moss.", "Actually, it's four ferrets - they took in two more.",
                          "How many ferrets do the Dunmores keep?"])
    assert "four ferrets" in said[2] and "two ferrets" not in said[2]


async def test_a_day_moved_by_a_correction_is_the_day_of_the_range_told_before() -> None:
    said = await replies(["First job: the Pellow cottage, 4 Gorse Lane, from 5 to 11 May.",
                          "Second job: the Varga flat, 2 Quay Row, from 14 to 20 May.",
                          "Correction - the Pellow job starts on the 6th, not the 5th.",
                          "Actually the Varga end date is the 22nd, they extended.",
                          "When does the Pellow job start?", "When do I finish at the Varga flat?"])
    assert "from 6 to 11 May" in said[4] and "from 14 to 22 May" in said[5]


async def test_her_friend_named_in_full_is_not_the_daughter_told_before() -> None:
    said = await replies(["I'm entering my daughter Isla Mbeki in the under-12 bake-off.",
                          "Her entry is a lemon drizzle, entry ID BK-204.",
                          "Her friend Tamsin Roe is also entering, entry ID BK-219, a carrot cake.",
                          "What is Isla's entry ID?", "What is Tamsin's entry ID?"])
    assert "BK-204" in said[3] and "BK-219" not in said[3] and "BK-219" in said[4]


async def test_a_question_of_a_thing_the_conversation_is_about_takes_the_value_told_alone() -> None:
    said = await replies(["Hi, I'm Ruth, I'd like a king-size quilt made for our guest room.",
                          "Fabric: washed linen, please. My sister wants a cot quilt too, in yellow.",
                          "Sorry, the fabric should be brushed cotton, not washed linen.",
                          "Which fabric did I pick for our quilt?"])
    assert "brushed cotton" in said[3] and "washed linen" not in said[3]


async def test_marks_for_a_thing_and_a_counted_question_are_answered_from_what_was_said() -> None:
    said = await replies(["Marking is out of 30: 10 for flavour, 10 for texture, 10 for neatness.",
                          "How many marks is neatness worth?"])
    assert "10 for neatness" in said[1]
    said = await replies(["I'd like the jumper in medium, and a spare in large. Can you note that?",
                          "What two sizes did I ask for?"])
    assert said[0] == "Noted: you'd like the jumper in medium, and a spare in large." and "medium" in said[1]


async def test_where_a_place_is_is_the_sentence_with_its_address_even_with_dates_in_it() -> None:
    said = await replies(["First job: the Pellow cottage, 4 Gorse Lane, from 5 to 11 May.",
                          "Mrs Pellow's cat is a tabby called Sago, fed twice a day.", "Where is the Pellow cottage?"])
    assert "4 Gorse Lane" in said[2]


async def test_a_ban_limited_to_hours_is_a_no_inside_them_and_says_nothing_outside() -> None:
    camp = Agent(name="Camp", instructions="You take bookings for Hollin Field. Rules: No bonfires after 9pm. Dogs are fine "
                                           "on leads.")
    late, early = await replies(["Can we light a bonfire at 10pm?"], camp), await replies(["Can we light a bonfire at 8pm?"], camp)
    assert late[0].startswith("No: my instructions say") and "after 9pm" in late[0]
    assert not early[0].startswith(("No", "Yes"))


class Ride(BaseModel):
    route: Literal["Old Harbour", "Cliff Top"]
    riders: int
    date: str
    language: str | None = None


async def test_a_two_word_option_stays_whole_and_an_unsaid_free_field_stays_empty() -> None:
    agent = Agent(name="Rides", instructions="Record the ride booked. Leave what was not said empty.", output_type=Ride)
    ride = (await Runner.run(agent, "Book the Old Harbour ride for 3 riders on 2026-05-09, please.")).final_output
    assert ride == Ride(route="Old Harbour", riders=3, date="2026-05-09", language=None)


async def test_a_hat_is_no_hate_and_a_phone_introduction_names_the_speaker() -> None:
    said = await replies(["Also keep a felt hat aside for me, size L.", "What size hat did I ask for?"])
    assert "size L" in said[1]
    said = await replies(["This is Odile from the Quarry Lane bakery, account QL-3310.", "What is my name?"])
    assert "Odile" in said[1] and not said[1].startswith("I don't know")


async def test_a_two_part_question_answers_the_part_it_can_without_a_blanket_i_dont_know() -> None:
    said = await replies(["I'm the owner of lot 17, my name is Wilf Adebayo.", "Which stall is mine, and what's my name?"])
    assert said[1].startswith('I can\'t answer "Which stall is mine?"') and "Wilf Adebayo" in said[1]
    assert "I don't know" not in said[1]
    club = Agent(name="Club", instructions="You run the Tamsin Road chess club desk. Next meeting: 4 March, 19:00, the Boat "
                                           "House. Subs are 8 GBP.")
    assert (await replies(["When and where is the next meeting?"], club))[0] == "4 March, 19:00, the Boat House."


async def test_a_tools_description_gives_a_parameters_options_and_a_count_names_its_thing() -> None:
    asked: list[tuple[str, object]] = []

    @function_tool
    def oven_temperature(zone: str) -> str:
        """Current temperature of a proving zone: 'hot', 'medium' or 'cool'."""
        asked.append(("zone", zone))
        return {"hot": "38C", "medium": "30C", "cool": "24C"}.get(zone, "no such zone")

    @function_tool
    def order_loaves(bread: str, loaves: int) -> str:
        """Order a number of loaves of a bread."""
        asked.append((bread, loaves))
        return f"Ordered {loaves} x {bread}"

    for tool, message in [(oven_temperature, "How hot is the cool zone?"), (order_loaves, "Please order 4 loaves of rye sourdough.")]:
        await Runner.run(Agent(name="Bakery", instructions="Use the tool.", tools=[tool]), message)
    assert asked == [("zone", "cool"), ("rye sourdough", 4)]


class Intake(BaseModel):
    item: str
    year: int | None
    owner_name: str | None


async def test_a_speaker_named_before_here_owns_the_form_and_is_not_the_item() -> None:
    form = Agent(name="Intake", instructions="Fill in the intake form. Use null for what was not said.", output_type=Intake)
    intake = (await Runner.run(form, "Hello, Bram Osei here. I'd like to register a 1921 brass sextant.")).final_output
    assert intake.owner_name == "Bram Osei" and "Bram" not in intake.item


class Guard(BaseModel):
    is_off_topic: bool
    reasoning: str


class Screen(BaseModel):
    contains_card_details: bool
    reasoning: str


async def test_a_guardrail_naming_only_its_topic_trips_on_another_subject_and_a_listed_detail_is_found() -> None:
    guard = Agent(name="Guard", output_type=Guard, instructions="Decide whether the user's message is about the Ferny Mill "
                  "pottery studio (classes, glazes, kiln firings, opening hours). Set is_off_topic to true if it is about "
                  "anything else.")
    checks = [(await Runner.run(guard, text)).final_output for text in (
        "Who won the rugby match on Saturday?", "Can you do my algebra homework?", "Can I book a glaze class?",
        "Do you sell clay by the bag?")]
    assert [c.is_off_topic for c in checks] == [True, True, False, False]
    assert "none of the topics" in checks[1].reasoning
    assert await flags(Screen, "Does the message contain card details (card number, expiry date or CVV)? Answer "
                       "contains_card_details true or false.", ("Charge it to card number 4000 1234 5678 9010 please.",
                                                                "Can I pay at the door?")) == [True, False]


async def test_whether_a_thing_is_required_is_answered_from_the_clause_that_says_so() -> None:
    marshal = Agent(name="Marshal", instructions="Helmets are compulsory. Knee pads are optional. No earphones on the track.")
    said = [(await replies([text], marshal))[0] for text in ("Do I have to wear knee pads?", "Do I need a helmet?",
                                                             "Do I need a bell?")]
    assert "Knee pads are optional" in said[0] and not said[0].startswith("Yes")
    assert "Helmets are compulsory" in said[1] and not said[1].startswith("No")
    assert not said[2].startswith(("Yes", "No"))
    dive = Agent(name="Dive", instructions="Masks are compulsory. Fins are compulsory. Wetsuits are optional.")
    assert (await replies(["Do I have to wear a wetsuit?"], dive))[0] == 'No: my instructions say "Wetsuits are optional."'
    assert (await replies(["Do I need fins?"], dive))[0] == 'Yes: my instructions say "Fins are compulsory."'


async def test_where_the_assistant_works_is_no_answer_to_an_address_asked_of_the_user() -> None:
    desk = Agent(name="Desk", instructions="You are the order desk assistant at Brindle Mills, a wool spinning mill. "
                                           "Answer only from this conversation.")
    said = await replies(["What's the delivery address?"], desk)
    assert "Brindle Mills" not in said[0]


async def test_a_note_does_not_report_an_introduction_as_the_problem() -> None:
    from ..helpers import offline_summarizer, said as conversation

    _, note = await offline_summarizer().summarize(conversation(
        "Hi, I am Ola from Kettle Saints records.", "We want 300 copies of our LP, catalogue KS-07.",
        "The test pressing skips on track 3."))
    assert "Ola" not in note.partition("## Reported issue")[2].partition("##")[0]


async def test_review_a_name_said_before_a_clause_of_calling_is_the_name_and_more_ways_to_say_who_speaks() -> None:
    said = await replies(["This is Nadia from Fernhill Books, I'm calling about our order.", "What's my name?"])
    assert "Nadia" in said[1] and "calling" not in said[1]
    said = await replies(["Hello, Corin Vale here. I'd like to book a tasting.", "What is my name?"])
    assert "Corin Vale" in said[1]
    said = await replies(["My bench number is 41, can you note that?", "What is my bench number?"])
    assert said[0] == "Noted: your bench number is 41." and "41" in said[1]


async def test_review_a_correction_naming_a_person_changes_the_object_of_the_same_verb() -> None:
    said = await replies(["Orla Kemp sings alto in the choir.", "Actually Orla sings soprano.", "What does Orla sing?"])
    assert "Orla Kemp sings soprano in the choir" in said[1] and "alto" not in said[2]
    said = await replies(["Found the charger in the drawer, all good.", "Found the manual, it helps."])
    assert "manual" in said[1]  # no correction: nothing rewritten


class Allergens(BaseModel):
    contains_allergen: bool


class Mentions(BaseModel):
    mentions_allergen: bool


async def flags(output_type: type[BaseModel], instructions: str, texts: tuple[str, ...]) -> list[bool]:
    """The one boolean an agent with ``output_type`` sets for each of ``texts``."""
    screen = Agent(name="Screen", output_type=output_type, instructions=instructions)
    return [next(iter((await Runner.run(screen, text)).final_output.model_dump().values())) for text in texts]


async def test_review_a_listed_kind_is_found_as_said_and_not_inside_other_words() -> None:
    assert await flags(Allergens, "Does the message contain an allergen (nuts, gluten, fish or dairy)? Answer "
                       "contains_allergen true or false.", ("I'm allergic to nuts, please deliver by Friday.",
                                                            "Please deliver by Friday.", "That's a bit selfish of him.")
                       ) == [True, False, False]


async def test_numbers_go_to_the_parameter_their_words_name() -> None:
    asked: list[tuple[object, ...]] = []

    @function_tool
    def brine_salt(cucumber_g: float, percent: float) -> str:
        """Salt needed to brine a weight of cucumbers at a salt percentage."""
        asked.append((cucumber_g, percent))
        return "ok"

    @function_tool
    def quote_tiles(finish: str, room_length_m: float, room_width_m: float, spare_pct: float = 10) -> str:
        """Quote tiles for a room."""
        asked.append((finish, room_length_m, room_width_m, spare_pct))
        return "ok"

    @function_tool
    def order_spares(workshop_name: str, part: str, quantity: int) -> str:
        """Order spare parts for a workshop."""
        asked.append((workshop_name, part, quantity))
        return "ok"

    for tool, message in [(brine_salt, "How much salt for 3200 g of cucumbers at 3 percent?"),
                          (brine_salt, "Salt for 900 g of cucumbers at 2.5%?"),
                          (quote_tiles, "Quote me matte finish for a room 6 m long and 3 m wide."),
                          (order_spares, "Order 8 gaskets for Lowther Workshop.")]:
        await Runner.run(Agent(name="Desk", instructions="Use the tool.", tools=[tool]), message)
    assert asked == [(3200, 3), (900, 2.5), ("matte", 6, 3, 10), ("Lowther Workshop", "gaskets", 8)]


async def test_a_count_or_a_tool_value_told_before_fills_a_later_call() -> None:
    asked: list[dict[str, object]] = []

    @function_tool
    def felt_needed(design: str, participants: int) -> str:
        """Sheets of felt needed to make a design with a group."""
        asked.append({"design": design, "participants": participants})
        return f"{participants * 3} sheets"

    @function_tool
    def snow_report(slope: str) -> dict[str, object]:
        """Current snow report for a slope."""
        return {"slope": slope, "snow_depth_cm": 64.0}

    @function_tool
    def groomer_passes(snow_depth_cm: float, width_m: int) -> str:
        """Grooming passes needed from the snow depth and the slope's width in metres."""
        asked.append({"snow_depth_cm": snow_depth_cm, "width_m": width_m})
        return "4 passes"

    await turns(Agent(name="Crafts", instructions="Use the tools.", tools=[felt_needed]), [
        "Hi! I'm running a workshop for 9 kids on Sunday.", "How much felt do I need for the owl brooch for the kids?"])
    await turns(Agent(name="Piste", instructions="Use the tools.", tools=[snow_report, groomer_passes]), [
        "How deep is the snow on the north slope?", "Given that depth, how many passes for a 40 m wide run?"])
    assert asked == [{"design": "owl brooch", "participants": 9}, {"snow_depth_cm": 64.0, "width_m": 40}]


async def test_plain_prompts_json_keys_a_label_only_and_a_quoted_text_asked_about(client) -> None:
    async def ask(instructions: str | None, text: str) -> str:
        return (await client.responses.create(model="gpt-4.1-mini", instructions=instructions, input=text)).output_text

    assert await ask('Reply only with a JSON object with keys "height_cm" and "city".',
                     "The statue in Porto is 210 cm tall.") == '{"height_cm": 210, "city": "Porto"}'
    label = "Classify the review. Reply with the label only: PRAISE or COMPLAINT."
    assert await ask(label, "The fitter was quick, tidy and lovely.") == "PRAISE"
    assert await ask(label, "The fitter was late and rude.") == "COMPLAINT"
    assert "blue gate" in await ask(None, "What colour is the gate in this text: 'The blue gate was locked.'")
    assert await ask(None, "List the people named in this text: 'Iona Marsh signed the lease; Pavel Dunn holds the "
                           "keys.'") == "Iona Marsh, Pavel Dunn."


class Sighting(BaseModel):
    species: Literal["barn owl", "tawny owl", "little owl"]
    count: int


class OwlSurvey(BaseModel):
    site: str
    dusk_temp_c: float
    sightings: list[Sighting]


class TankQuote(BaseModel):
    customer: str
    tank_litres: int
    price: float


async def test_a_unit_after_a_number_ends_its_sentence_and_a_surname_is_no_fields_label() -> None:
    survey = Agent(name="Survey", instructions="Extract the details into the schema.", output_type=OwlSurvey)
    for text in ("Survey at Fenby Wood. Temperature at dusk was 9.5 C. We saw 4 tawny owls and 2 barn owls by the gate.",
                 "Survey at Fenby Wood, dusk 9.5 C. We saw 4 tawny owls and 2 barn owls."):
        record = (await Runner.run(survey, text)).final_output
        assert record.dusk_temp_c == 9.5
        assert [(s.species, s.count) for s in record.sightings] == [("tawny owl", 4), ("barn owl", 2)]
    quote = Agent(name="Quote", instructions="Extract the quote.", output_type=TankQuote)
    tank = (await Runner.run(quote, "Quote for Rhian Price: a 2500 litre tank, 980 pounds fitted.")).final_output
    assert (tank.tank_litres, tank.price) == (2500, 980)


async def test_review_here_names_only_a_speaker_and_a_required_clause_must_cover_the_question() -> None:
    for text in ("Reception here, how can I help?", "Everyone here is vegetarian.", "Hello, Leeds here is very wet today."):
        assert (await replies([text, "What's my name?"]))[1].startswith("I don't know")
    rules = Agent(name="Rules", instructions="Helmets are compulsory. No booking required. Helmet hire is free.")
    said = [(await replies([text], rules))[0] for text in ("Do I need to book?", "Do we have to pay for the helmets?")]
    assert not said[0].startswith("Yes") and not said[1].startswith("Yes")


async def test_review_a_listed_word_inside_another_word_is_not_said_and_a_business_address_is_its_own() -> None:
    assert await flags(Mentions, "Does the message mention an allergen (nuts, gluten, milk or egg)? Answer "
                       "mentions_allergen true or false.", ("I'll take the 9:15 train and plant the beans.",
                                                            "A begin-again pack, please.")) == [False, False]
    bakery = Agent(name="Bakery", instructions="You are the order desk at Copper Kettle Bakery, 14 Mill Street, Leeds.")
    assert "14 Mill Street" in (await replies(["What's the bakery's address?"], bakery))[0]


async def test_review_an_introduction_with_a_complaint_keeps_the_complaint_and_json_is_only_json_when_asked(client) -> None:
    from ..helpers import offline_summarizer, said as conversation

    _, note = await offline_summarizer().summarize(conversation(
        "Hi, I'm Ola from Brightside Print and our posters came out blurry.", "The order is BP-2210."))
    assert "blurry" in note.partition("## Reported issue")[2].partition("##")[0]
    reply = await client.responses.create(model="gpt-4.1-mini", input="Where are the keys?",
                                          instructions="Never reply in JSON; the keys are at the office.")
    assert not reply.output_text.startswith("{")


async def test_review_quoted_text_questions_name_who_is_there_and_no_colour_never_said(client) -> None:
    async def ask(text: str) -> str:
        return (await client.responses.create(model="gpt-4.1-mini", input=text)).output_text

    assert await ask("List the people named in this text: 'Maeve met Colm and Ruth at the quay.'") == "Maeve, Colm, Ruth."
    assert "Wexford" not in await ask("List the people named in this text: 'Dara sailed from Wexford to Brest with Sile.'")
    assert not (await ask("What colour is the van in this text: 'The van was parked outside.'")).startswith("You told me")
    asked: list[dict[str, object]] = []

    @function_tool
    def order_part(garage_name: str, part: str, quantity: int) -> str:
        """Order parts for a garage."""
        asked.append({"garage_name": garage_name, "part": part, "quantity": quantity})
        return "ok"

    await Runner.run(Agent(name="Parts", instructions="Use the tool.", tools=[order_part]), "Order 4 wiper blades for Dock Garage.")
    assert asked == [{"garage_name": "Dock Garage", "part": "wiper blades", "quantity": 4}]


async def test_the_users_name_in_the_instructions_is_read_from_its_own_clause() -> None:
    guide = Agent(name="Guide", instructions="You are Tove, guide at Fellside Alpaca Farm. The visitor is Anders; their "
                                             "ticket type is adult.")
    assert "Anders" in (await replies(["What is my name?"], guide))[0]


class Contact(BaseModel):
    contains_contact_details: bool


class Booking(BaseModel):
    organiser: str
    venue: str
    guests: int


async def test_review_whole_round_edges_stay_as_they_were() -> None:
    said = await replies(["We're making a rug for our nan.", "The fringe is ochre.", "Which colour did I pick for our blinds?"])
    assert said[2].startswith("I don't know")
    said = await replies(["I have two brothers, Cal and Dev.", "What two names did I give?"])
    assert "Cal and Dev" in said[1]
    said = await replies(["Hello, Hillside Bakery here.", "What's my name?"])
    assert said[1].startswith("I don't know")
    said = await replies(["I have two canoes.", "Actually, it's three miles away.", "How many canoes do I have?"])
    assert "two canoes" in said[2] and "three miles away canoes" not in said[2]
    camp = Agent(name="Camp", instructions="You answer for Brackenside campsite. Rules: No barbecues after 9pm.")
    assert not (await replies(["Can we have a barbecue?"], camp))[0].startswith("No")
    assert await flags(Contact, "Does the message contain contact details (phone number, email or address)? Answer "
                       "contains_contact_details true or false.", ("I'll address the board on Monday.",)) == [False]
    guard = Agent(name="Guard", output_type=Guard, instructions="The assistant only helps with the Kestrel Ridge astronomy "
                  "club: events, telescopes and membership. Set is_off_topic to true if the message is about anything else.")
    assert not (await Runner.run(guard, "Is the weather clear enough for the star party on Friday?")).final_output.is_off_topic
    form = Agent(name="Form", instructions="Extract the details.", output_type=Booking)
    booking = (await Runner.run(form, "Hello, Noor Haddad here. I'd like St Ita's hall for 40 guests.")).final_output
    assert booking.organiser == "Noor Haddad" and "Ita" in booking.venue


async def test_review_a_number_of_one_side_is_no_other_side_and_a_quoted_note_is_answered_from_itself(client) -> None:
    asked: list[dict[str, float]] = []

    @function_tool
    def slab(length_m: float, width_m: float) -> str:
        """Concrete needed for a garden slab."""
        asked.append({"length_m": length_m, "width_m": width_m})
        return "ok"

    said = await replies(["Concrete for a slab 3 m wide."], Agent(name="Yard", instructions="Use the tools.", tools=[slab]))
    assert asked == [] and "length" in said[0]
    reply = await client.responses.create(model="gpt-4.1-mini", input="What day is mentioned in this note: 'Shed delivery on "
                                                                      "Tuesday afternoon.'")
    assert not reply.output_text.startswith("I said")
