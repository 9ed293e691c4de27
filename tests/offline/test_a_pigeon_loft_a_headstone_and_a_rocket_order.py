"""Memory, tools, structured output, guardrails and plain prompts, as outside testers met them (in this order):

- recall keeps whose value is whose (the user's member number, not the neighbour's a summary also lists; the main
  driver, not the backup; the user's order, not the junior section's), totals a count added to or given away, ties a
  correction only to what it undoes, and finds a fact asked in other words ("house number", "Which street", a
  hyphenated word, "ratio", "called" of a quoted label, "birth" of "born"); yes/no of a town, an amount, a role;
- a tool's field that a description names after a noun ("the given lettering finish") takes the words said with it;
  a quoted text, a listed size, a short code ("P7"), the first call of "the first pen I asked about";
- a note keeps headings given after a colon and leaves a request already done out of the open ones;
- results answer "why" by their reason field and "What does Ishbel owe?" by the key that names her, with tools off;
- structured output reads a negation over an initial's dot, a label's value to its sentence's end, a rate ("10
  hours a week"), an ordinal place, a labelled list, a list of things done;
- a guardrail sorts by the "On-topic:" and "Off-topic:" lists its instructions give, and says which topic it saw;
- a task given with its text ("Extract the email ... from this text.") is done on that text, and a yes/no about a
  pasted text is answered by it, or not at all when the text half says it.

Outside testers' pigeon racing, bouncy-castle hire, model rocketry, monumental mason, kombucha co-op, pothole desk,
cable car, pipe band, snail farm, street lights, pond survey, velodrome and botanical course; the reviewers' plaques,
frames, bike shop, garden centre and cakes. Before: "make that the 8:15 slot instead" gave "the 8:15 slot instead
basketing slot"; "What's my member number again?" gave the neighbour's; "212 birds", then "17 more", stayed 212;
``finish`` was read as a date, so "with gold leaf letters" was asked for again; "No E. coli detected" was true and
"10 hours a week" was 168; a guardrail's reasoning was the message copied; "Extract the email address..." was
echoed back as "Noted".
"""

from __future__ import annotations

import pytest
from agents import Agent, ModelSettings, Runner, SQLiteSession, function_tool
from pydantic import BaseModel

from memlab import SummarizingSession

from ..helpers import offline_summarizer, turns

pytestmark = pytest.mark.usefixtures("api")

HELPER = Agent(name="Helper", instructions="Remember the details you are given and answer questions about them briefly.")


async def last(said: list[str], agent: Agent = HELPER) -> str:
    return (await turns(agent, said))[-1][1]


async def test_a_slot_corrected_with_an_article_keeps_its_noun_once() -> None:
    said = await turns(HELPER, ["I'd like the 7:30 basketing slot on Friday evening.",
                                "No wait, make that the 8:15 slot instead.", "Which basketing slot did I pick?"])
    assert said[-1][1] == "You told me: you'd like the 8:15 basketing slot on Friday evening."


@pytest.mark.parametrize(("question", "verdict"), [("Is my loft in Tavistock? Yes or no.", "Yes: "),
                                                   ("Is my loft in Exeter?", "No: ")])
async def test_a_town_asked_of_an_address_is_yes_or_no(question: str, verdict: str) -> None:
    answer = await last(["My loft is at 14 Quarry Lane, Tavistock, postcode PL19 8RT.", question])
    assert answer.startswith(verdict) and "Tavistock" in answer


async def test_another_amount_asked_yes_or_no_is_no() -> None:
    answer = await last(["Our budget cap is £340 for the whole order.", "Is the budget cap £430? Yes or no."])
    assert answer.startswith("No: ") and "£340" in answer


DRIVERS = ["The transporter driver is Alun Price, phone 07700 900415.",
           "The backup driver is Kezia Moon, phone 07700 900882."]


async def test_the_main_driver_is_not_the_backup_one() -> None:
    said = await turns(HELPER, [*DRIVERS, "Who is the main driver, and what is his number?",
                                "Is Kezia the main driver? Yes or no."])
    assert said[-2][1] == "You told me: the transporter driver is Alun Price, phone 07700 900415."
    assert said[-1][1].startswith("No: ") and "backup" in said[-1][1]


async def test_a_count_added_to_is_told_as_its_total() -> None:
    answer = await last(["We have 212 birds basketed so far.", "The backup driver is Kezia Moon.",
                         "Update: 17 more birds came in, so add those to the total.", "How many birds are basketed now?"])
    assert "229" in answer


async def test_a_count_someone_else_has_more_of_is_not_added() -> None:
    answer = await last(["We ordered 40 chairs.", "My sister has 5 more chairs than us.", "How many chairs did we order?"])
    assert "45" not in answer and "40" in answer


async def test_my_member_number_is_mine_when_the_note_lists_both() -> None:
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=offline_summarizer())
    said = ["Hi, I'm Morwenna Tully, member number PR-5531.", "I'm entering 6 birds this time.",
            "My neighbour Gideon Hart is entering 9 birds; his member number is PR-5570.",
            "My lead hen's ring number is GB23-N04417.", "I'd like the 7:30 basketing slot on Friday evening.",
            "What's my member number again?"]
    for message in said:
        result = await Runner.run(HELPER, message, session=session)
    assert "PR-5570" in session.summary_text
    assert "PR-5531" in str(result.final_output) and "PR-5570" not in str(result.final_output)


@pytest.mark.parametrize(("said", "wanted", "unwanted"), [
    (["I'm Tamsin Okafor. I'll fly Kestrel II on a C6-5 motor.",
      "My friend Lev Aronov is flying a rocket called Nightjar on a D12-3 motor.",
      "Actually, switch my motor to a C6-3. The 5-second delay is too long.", "What's Lev's rocket called?"],
     "Nightjar", "C6-3"),
    (["I'd like the Pirate Ship castle for my daughter's party on 14 September.",
      "My sister Bronwen wants the Dinosaur Dome on 21 September.",
      "Actually, make that the Unicorn Castle instead of the Pirate Ship.", "Which castle did my sister want?"],
     "Dinosaur Dome", "Unicorn"),
    (["We need 12 Alpha III kits for the main order, PO FRC-PO-0382.",
      "The junior section wants its own order of 6 Alpha III kits under PO FRC-PO-0390. Keep that separate.",
      "Wait, make our kits 10, not 12.", "How many kits are in our order?"], "10", "6 Alpha"),
])
async def test_a_correction_of_mine_is_not_told_of_someone_elses(said: list[str], wanted: str, unwanted: str) -> None:
    answer = await last(said)
    assert wanted in answer and unwanted not in answer


async def test_a_second_question_with_no_words_of_its_own_is_asked_of_the_first() -> None:
    answer = await last(["I'll pay the £300 deposit on Friday 14 June.", "When am I paying the deposit, and how much?"])
    assert "£300" in answer and "14 June" in answer and "I don't know" not in answer


async def test_a_birth_year_is_found_by_born() -> None:
    answer = await last(["I'd like a headstone for my grandfather Arthur Bell, born 1931, died 2023.",
                         "Correction: he was born in 1932, not 1931.", "What birth year should go on the inscription?"])
    assert "1932" in answer and "1931" not in answer


@function_tool
def quote_stone(finish: str) -> str:
    """Quote a 90 cm grey granite upright headstone with the given lettering finish."""
    return '{"quote_id": "Q-5521", "price_gbp": 1840}' if "gold" in finish else '{"quote_id": "Q-5522", "price_gbp": 1610}'


MASON = Agent(name="Mason", instructions="You take headstone orders for a monumental mason. Use quote_stone for prices.",
              tools=[quote_stone])


async def test_a_finish_is_the_words_said_with_its_noun() -> None:
    said = await turns(MASON, ["Hello, I'm Priya Raman. I'd like a headstone for my grandfather Arthur Bell.",
                               "Please quote the grey granite upright with gold leaf letters.",
                               "Drop the gold leaf; quote plain incised letters instead.",
                               "Which quote is current and what does it cost?"])
    assert said[0][0] == []  # a name is no finish
    assert said[1][0] == [("quote_stone", {"finish": "gold leaf"})]
    assert said[2][0] == [("quote_stone", {"finish": "plain incised"})]
    assert "Q-5522" in said[3][1] and "1610" in said[3][1] and "Drop" not in said[3][1]


BRICKS = [{"role": "user", "content": "Hi, I want to book a pallet of bricks for 12 May."},
          {"role": "assistant", "content": "Booked: order BR-1001 for 12 May."},
          {"role": "user", "content": "Actually make it 14 May."},
          {"role": "assistant", "content": "Changed BR-1001 to 14 May."}]


async def test_headings_given_after_a_colon_are_the_notes_and_a_booking_done_is_not_open() -> None:
    summarizer = offline_summarizer(prompt="Summarize under headings: ## Order\n## Open issues")
    note = (await summarizer.summarize(BRICKS))[1]
    order, _, open_issues = note.partition("## Open issues")
    assert order.startswith("## Order") and "14 May" in order
    assert open_issues.strip() == "- none"


async def test_a_date_corrected_by_make_it_is_the_new_one() -> None:
    answer = await last(["I want to book a pallet of bricks for 12 May.", "Actually make it 14 May.",
                         "What date is my pallet booked for?"])
    assert "14 May" in answer and "12 May" not in answer


@function_tool
def uniform_check(member_names: list[str]) -> dict:
    """Which uniform items each named band member still owes the quartermaster."""
    return {"Fraser Laing": "doublet", "Ishbel Muir": "kilt and doublet"}


@function_tool
def cabin_status(cabin_number: int) -> dict:
    """Status of a numbered cable-car cabin."""
    return {12: {"cabin": 12, "state": "in service"},
            19: {"cabin": 19, "state": "withdrawn", "reason": "door sensor fault"}}[cabin_number]


async def test_an_earlier_result_answers_why_and_of_whom_with_tools_off() -> None:
    band = Agent(name="Band", instructions="You are a pipe band quartermaster.", tools=[uniform_check])
    session = SQLiteSession(":memory:")
    await Runner.run(band, "What do Fraser Laing and Ishbel Muir still owe?", session=session)
    result = await Runner.run(band.clone(model_settings=ModelSettings(tool_choice="none")),
                              "From what you already know: what does Ishbel owe?", session=session)
    assert "kilt and doublet" in str(result.final_output)
    cable = Agent(name="Cable", instructions="You answer questions about the cable car.", tools=[cabin_status])
    session = SQLiteSession(":memory:")
    for message in ["Is cabin 19 running today?", "And how about cabin 12?"]:
        await Runner.run(cable, message, session=session)
    result = await Runner.run(cable.clone(model_settings=ModelSettings(tool_choice="none")), "Why was cabin 19 withdrawn?",
                              session=session)
    assert "door sensor fault" in str(result.final_output)


@pytest.mark.parametrize(("said", "wanted"), [
    (["The pothole is on Sorrel Drive, outside number 8.", "Which house number is the pothole outside?"], "number 8"),
    (["The pothole is on Sorrel Drive, outside number 8.", "Which street is it on?"], "Sorrel Drive"),
    (["I'm member FZ-3318 and my second ferment is pear and cardamom.", "Remind me: what's my second-ferment flavour?"],
     "pear and cardamom"),
    (["I add 80 g of sugar per litre.", "What sugar ratio do I use?"], "80 g of sugar per litre"),
    (["Also, my starter jar is labelled 'Big Mabel'.", "What's my starter jar called?"], "Big Mabel"),
    (["My bottling slot is Thursday 14:30 at bench 6.", "I'll bring 12 bottles.",
      "Actually, move it: bench 2 instead, same time. Where am I bottling now?"], "Thursday 14:30 at bench 2"),
    (["My SCOBY hotel has 5 spare SCOBYs.", "I'll give 2 of them to Hamish. How many spare SCOBYs will I have left?"],
     "3 left"),
])
async def test_a_fact_asked_in_other_words_is_found(said: list[str], wanted: str) -> None:
    answer = await last(said)
    assert wanted in answer and "I don't know" not in answer


async def test_what_will_happen_to_my_thing_is_answered_by_the_instructions() -> None:
    desk = Agent(name="Desk", instructions="You are the pothole desk for Brambleford council. You are covering Eastgate "
                 "ward. The repair crew's next ETA for that ward is Tuesday 9am.")
    assert "Tuesday 9am" in await last(["When will the repair crew come to my ward?"], desk)


async def test_where_is_my_order_is_what_its_lookup_said_of_its_number() -> None:
    items = [{"role": "user", "content": "My order number is HK-55102."},
             {"type": "function_call", "call_id": "c1", "name": "order_status", "arguments": '{"order_number": "HK-55102"}'},
             {"type": "function_call_output", "call_id": "c1",
              "output": "HK-55102: dispatched 3 June via ParcelLine, tracking PL88213."},
             {"role": "assistant", "content": "It's on its way."}, {"role": "user", "content": "Where's my order?"}]
    answer = (await Runner.run(Agent(name="Desk", instructions="You are GreenTower support."), items)).final_output
    assert "dispatched 3 June via ParcelLine" in str(answer)


async def test_an_order_the_instructions_say_the_agent_takes_is_noted() -> None:
    desk = Agent(name="Sauna", instructions="You take sauna reservations. Acknowledge details briefly.")
    answer = await last(["Book the barrel sauna for 4 guests on 2025-11-08 under the name Okafor."], desk)
    assert answer.startswith("Noted") and "Okafor" in answer


@function_tool
def order_plaque(text: str, finish: str, size: str = "small") -> str:
    """Order a memorial bench plaque.

    Args:
        text: The words to engrave.
        finish: The given lettering finish, e.g. black infill.
        size: small, medium or large.
    """
    return f"Plaque ordered: '{text}' ({size}, {finish})"


@function_tool
def frame_print(print_name: str, finish: str) -> str:
    """Frame a print at the gallery shop.

    Args:
        print_name: The print's title.
        finish: The chosen frame finish, e.g. walnut.
    """
    return f"Framing {print_name} with a {finish} frame"


@pytest.mark.parametrize(("message", "call"), [
    ("Order a medium plaque saying 'For Margaret, who loved this view' with gold leaf letters.",
     ("order_plaque", {"text": "For Margaret, who loved this view", "finish": "gold leaf", "size": "medium"})),
    ("Order a large plaque saying 'Tam's Bench' with silver letters.",
     ("order_plaque", {"text": "Tam's Bench", "finish": "silver", "size": "large"})),
    ("Order a plaque reading 'Sit a while' in black infill lettering.",
     ("order_plaque", {"text": "Sit a while", "finish": "black infill", "size": "small"})),
    ("Please frame the print 'Harbour at Dawn' with an oak frame.",
     ("frame_print", {"print_name": "Harbour at Dawn", "finish": "oak"})),
    ("Frame 'Winter Birches' in a black frame.", ("frame_print", {"print_name": "Winter Birches", "finish": "black"})),
])
async def test_a_finish_a_quoted_text_and_a_listed_size_are_the_ones_said(message: str, call: tuple) -> None:
    shop = Agent(name="Shop", instructions="You are a helpful assistant. Use the tools.", tools=[order_plaque, frame_print])
    assert (await turns(shop, [message]))[0][0] == [call]


@pytest.mark.parametrize("address", ["My new address is 112 Larch Crescent, Hawick.", "I live at 112 Larch Crescent, Hawick."])
async def test_a_house_number_is_read_from_an_address(address: str) -> None:
    assert "112 Larch Crescent" in await last([address, "Which house number?"])


PENS = {"P3": {"pen": "P3", "count": 1840, "humidity_pct": 82}, "P7": {"pen": "P7", "count": 615, "humidity_pct": 71}}


@function_tool
def check_pen(pen_id: str) -> dict:
    """Current state of a snail pen (count, humidity)."""
    return PENS.get(pen_id.upper(), {"error": f"no pen {pen_id}"})


@function_tool
def lamp_info(lamp_id: str) -> dict:
    """Location and lamp type for a lamp id painted on the column (e.g. HB-0417)."""
    return {"HB-0417": {"street": "Hobb Lane", "lamp": "LED 36W"}}.get(lamp_id.upper(), {"error": "unknown lamp"})


async def test_a_short_code_is_an_id_and_the_first_one_asked_is_the_first_call() -> None:
    farm = Agent(name="Farm", instructions="You assist staff at a snail farm.", tools=[check_pen])
    said = await turns(farm, ["What's the humidity in pen P3?", "And in pen P7?",
                              "What was the count in the first pen I asked about?"])
    assert said[1][0] == [("check_pen", {"pen_id": "P7"})]
    assert said[2][0] == [] and "1840" in said[2][1]


async def test_a_filler_before_is_is_no_id() -> None:
    lights = Agent(name="Lights", instructions="You are the council street lighting assistant.", tools=[lamp_info],
                   model_settings=ModelSettings(tool_choice="lamp_info"))
    said = await turns(lights, ["Actually, is lamp HB-0417 an LED?"])
    assert said[0][0] == [("lamp_info", {"lamp_id": "HB-0417"})]


class WaterTest(BaseModel):
    site: str
    ph: float
    e_coli_detected: bool


class Volunteer(BaseModel):
    name: str
    max_hours_per_week: int


class RaceResult(BaseModel):
    rider: str
    position: int
    time_seconds: float


class RideFault(BaseModel):
    ride: str
    symptoms: list[str]


@pytest.mark.parametrize(("model", "message", "wanted"), [
    (WaterTest, "Site: Mossley Pond inlet. pH 7.4, temperature 11.5 C. No E. coli detected, and no resample is needed.",
     WaterTest(site="Mossley Pond inlet", ph=7.4, e_coli_detected=False)),
    (Volunteer, "I'm Ade Okonkwo. I can help on Tuesdays, up to 10 hours a week.",
     Volunteer(name="Ade Okonkwo", max_hours_per_week=10)),
    (RaceResult, "Maureen Fitch, in the veteran category, finished fourth in 63.25 seconds.",
     RaceResult(rider="Maureen Fitch", position=4, time_seconds=63.25)),
    (RideFault, "Ride: Big wheel. Symptoms: grinding noise from the drive motor, gondola 6 door latch sticking, and "
     "hydraulic fluid on the platform.", RideFault(ride="Big wheel", symptoms=[
         "grinding noise from the drive motor", "gondola 6 door latch sticking", "hydraulic fluid on the platform"])),
])
async def test_a_record_takes_what_the_message_says_of_each_field(model: type, message: str, wanted: BaseModel) -> None:
    agent = Agent(name="Extractor", instructions="Record the details.", output_type=model)
    assert (await Runner.run(agent, message)).final_output == wanted


async def test_a_list_of_things_done_leaves_the_verb_out() -> None:
    agent = Agent(name="Lister", instructions="List the plants mentioned.", output_type=list[str])
    said = (await Runner.run(agent, "This week we sowed basil, coriander and pak choi in the towers.")).final_output
    assert said == ["basil", "coriander", "pak choi"]


class TopicCheck(BaseModel):
    is_off_topic: bool
    reasoning: str


GUARD = Agent(name="TopicGuard", output_type=TopicCheck, instructions=(
    "You screen messages sent to the Brambleford council pothole reporting desk. On-topic: reporting potholes, road "
    "surface damage, asking about an existing pothole report or repair date. Off-topic: anything else (homework, "
    "recipes, sport, coding, parking fines). Set is_off_topic accordingly and explain in one sentence in reasoning."))


@pytest.mark.parametrize(("message", "off", "reason"), [
    ("Can you help me write my history homework essay about the Tudors?", True, "homework"),
    ("What's a good recipe for lemon drizzle cake?", True, "recipe"),
    ("There's a deep pothole outside 12 Mill Lane.", False, "pothole"),
    ("The road surface is crumbling on Elm Street.", False, "on-topic"),
])
async def test_a_guardrail_sorts_by_the_topics_its_instructions_list(message: str, off: bool, reason: str) -> None:
    checked = (await Runner.run(GUARD, message)).final_output
    assert checked.is_off_topic is off and reason in checked.reasoning and message not in checked.reasoning


NOTICE = ("Botanical illustration course, Thornbury Studio. Taster session on 4 March 2025. Final exhibition on Saturday 10 "
          "May. The studio is on the ground floor with step-free access and is wheelchair accessible. Contact Hester "
          "Vane, hester.vane@thornbury-studio.example, 01632 960417.")


@pytest.mark.parametrize(("instructions", "message", "wanted"), [
    ("", "Extract the email address and phone number from this text.\n\n" + NOTICE,
     "email: hester.vane@thornbury-studio.example\nphone: 01632 960417"),
    ("", "List the dates: We met on 3 March 2024 and again on 5 April 2024.", "3 March 2024\n5 April 2024"),
    ("Answer yes or no.", NOTICE + "\n\nDoes the text mention a refund policy?", "No: the text does not mention"),
    ("Answer yes or no.", "Is the sky green in this text: 'The sky was grey over Leeds.'",
     'No: the text says "The sky was grey over Leeds."'),
    ("Answer yes or no only.", NOTICE + "\n\nDoes the text say the studio is wheelchair accessible?", "Yes."),
])
async def test_a_task_about_a_pasted_text_is_done_on_that_text(instructions: str, message: str, wanted: str) -> None:
    answer = (await Runner.run(Agent(name="Plain", instructions=instructions or None), message)).final_output
    assert str(answer).startswith(wanted)


async def test_what_i_asked_you_to_find_out_is_read_from_the_note() -> None:
    session = SummarizingSession(keep_last_n_turns=1, context_limit=3, summarizer=offline_summarizer())
    said = ["I'm the treasurer of the Fenwick Rocketry Club, placing our bulk kit order.",
            "The PO number is FRC-PO-0382. We need 12 Alpha III kits.",
            "Can you find out later whether we qualify for the 10% club discount on orders over £300? No need to answer now.",
            "Ship everything to the club hut.", "The motors should be B6-4.", "What did I ask you to find out for me?"]
    for message in said:
        result = await Runner.run(HELPER, message, session=session)
    assert "discount" in session.summary_text
    assert "10% club discount" in str(result.final_output) and "I don't know" not in str(result.final_output)


BIKES = ("You decide whether a message is on topic for a bicycle repair shop's assistant.\nOn-topic: bike repairs, "
         "servicing, parts, and booking a repair.\nOff-topic: anything else (homework, recipes, politics, medical advice).")


@pytest.mark.parametrize(("message", "off", "reason"), [
    ("Can you help me with my algebra homework?", True, "about homework, which the instructions list as off-topic"),
    ("What's a good recipe for banana bread?", True, "off-topic"),
    ("My rear derailleur is skipping gears, can you fix it this week?", False, ""),
    ("Do you sell inner tubes for 700c wheels?", False, ""),
])
async def test_topics_listed_on_lines_of_their_own_are_two_lists(message: str, off: bool, reason: str) -> None:
    checked = (await Runner.run(Agent(name="Guard", instructions=BIKES, output_type=TopicCheck), message)).final_output
    assert checked.is_off_topic is off and reason in checked.reasoning and "on-topic" not in checked.reasoning * off


async def test_a_related_word_is_no_listed_topic() -> None:
    garden = ("Classify the user's message for a garden centre chatbot.\nOn-topic: plants, compost, garden tools, opening "
              "hours.\nOff-topic: anything else (coding, recipes, holidays, homework).")
    checked = (await Runner.run(Agent(name="Guard", instructions=garden, output_type=TopicCheck),
                                "My hydrangea leaves are going brown.")).final_output
    assert checked.is_off_topic is False and "holiday" not in checked.reasoning


RETURNS = "Returns: unworn items may be returned within 28 days for a full refund. Sale items are final. Dogs are welcome."


@pytest.mark.parametrize(("message", "unwanted"), [
    (RETURNS + "\n\nDoes the text mention a refund policy?", "No"),
    (RETURNS + "\n\nDoes the text say dogs are allowed?", "No"),
    ("Is the sky green in this text: 'The sky was grey and the grass was green.'", "Yes"),
])
async def test_a_text_half_said_is_no_verdict(message: str, unwanted: str) -> None:
    answer = str((await Runner.run(Agent(name="Plain", instructions="Answer yes or no only."), message)).final_output)
    assert not answer.startswith(unwanted)


@function_tool
def order_cake(flavour: str, message: str, size: str = "medium") -> str:
    """Order a celebration cake.

    Args:
        flavour: The sponge flavour.
        message: The message piped on top.
        size: small, medium or large.
    """
    return f"{size} {flavour} cake saying '{message}'"


async def test_a_quoted_message_is_piped_whole() -> None:
    bakery = Agent(name="Bakery", instructions="You are a helpful assistant. Use the tools.", tools=[order_cake])
    calls = (await turns(bakery, ["Order a vanilla cake saying 'Welcome Home' — make it large."]))[0][0]
    assert calls[0][1]["message"] == "Welcome Home" and calls[0][1]["size"] == "large"


async def test_a_measure_asked_is_answered_by_a_measure_or_not_at_all() -> None:
    said = await turns(HELPER, ["I reported pothole PH-5512 on Larch Avenue last week.", "How wide is the pothole?",
                                "It is about 40cm wide.", "How wide is the pothole?"])
    assert said[1][1].startswith("I don't know") and "40cm" in said[3][1]
