"""This round's rules, kept from overreaching: each case a reviewer's probe where a first version of a rule made a
reply worse than before (``tests/data/reviewed_overreaches.json``: the request, and what the reply must or must not
say).

- "today, 2025-01-15" gives the written date, but "tonight, 7pm" keeps tonight and its time.
- A yes/no question naming another day or count is answered "No", but not of a range ("from Friday to Sunday"),
  of counts added up ("10 chairs and 2 more"), or of "tomorrow".
- A count an earlier call was given fills a later call only for people (guests), never "Add milk." (one).
- "turn it off again" sets the switch last turned on, not "Turn the kitchen lights off, it is late."
- A question is answered from an earlier result only if it names nothing that result lacks (Paris, not London).
- A guardrail's list of examples ("..., or other personal data") sets only its own field.
- "She ..." after "The user's name is ..." is the user's, not after "The user has a daughter, Mia."
- A reference told alone labels nothing ("Booking BX-2291."), but "move booking BX-2291" asks the booking desk.
- "Send 200 from checking to savings." transfers: only an opposite act is never called ("Book ...": no cancel).
- A description's example fills a field only if it is the one example said ("from Paris to Rome": not Paris).

A second review, of those mends and the rules after them:

- A guardrail's examples ("..., or other personal data") set its one flag, whatever the flag is called.
- A two-word flag's negation anywhere in its clause ("I don't think we need a new bridge"), but not "no way around".
- "Alarm on." and "Get the alarm on before I leave." switch it on; "turn it off" after a switch turned on turns it off.
- "What car do I drive?" is told "a Tesla Model 3"; "Do you know our address?" the user's address.
- "Sorry, my mistake, I meant 6 people, ..." corrects the booking, however long; "Actually I meant Paris, 2025-06-11
  forecast." asks the weather again, not the flight booked earlier on a date.
- "N copies of X and Y to ann@x.com and bo@y.com" keeps the recipients; "nothing but heating problems" is a problem.
- Everyday word groups relate a category to its things, not the things to each other (no "garden in shade" for a
  fabric; a stool sample is no furniture); "too salty" asks check_salt_level; "221 Baker St. Please ring" names no city.

A third review, of the next round's rules:

- "When...?" still takes a later change that says when in words ("moved to next week", "at Easter").
- "N of us" answers only how many are in the group, not "How many people are hiking?"; "It is raining here" points
  back at no one; what is left of a budget subtracts only money the user spent; "stone" is no memorial's word.
- A tool is called on numbers alone only when each is given in its field's unit or by its field's word (not "I'm 30
  years old and weigh 80 kg"); a field "at" is a time only if its description says nothing else ("the channel").
- A date and a time said together are one value ("5pm on Friday", "2026-04-02T06:15:00"); a minus sign belongs to the
  number nearest the field's word; "10 minutes and 5 minutes" stay two; "with 3 kids" gives no 3 stars; two hour
  fields take no one hour; "the Aero Pro 2 units" has no "2" in its name, "Paris and Lyon city breaks" no one city.

A fourth review, of routing, specialists and those mends:

- "Offer X" is said only to a complaint and only when it has no condition ("Offer late checkout only to..."); a field
  "at" described "When to remind" is a time; a grievance goes to complaints only when it is the message's point (not
  "I'm not upset, just checking where my order is", "an upset stomach", "Track A-1234, the last one was terrible").
- A routing rule keeps its own desk's words ("wants to book" stays "book"), a one-word condition must be a clause
  ("has been burgled"), and "it broke in a week" is no break-in; a start and an end hour take the first and the last
  time said; a party's size fills guests only, and only as the group is now; "Set the fan speed to 2" is 2; "Add 2
  Skyfin 2 kites" keeps "Skyfin 2"; a label's head noun answers only when the question asks nothing else.

A fifth review, of corrections, plain statements to tools and instructions' facts:

- A later value of the same shape or kind answers instead only when it corrects outright ("Correction: ...") of the
  thing asked, or changes every word asked: "the wifi speed increased" leaves the wifi password, "the invoice total
  changed" the invoice number, "the neighbours' bill rose" our bill, "the trip cost went up" what we saved.
- "my surname" is asked as "my name" only when no one said a surname; "We've hired X" names no one called "We've".
- A plain statement is kept rather than looked up only by a tool that reads (not report_hazard, update_calendar).
- A recap request that also tells something keeps what it tells; "air conditioning" is still the AC; "a 9-year-old
  laptop" is no age of mine; "Users often ask about pricing; never quote prices." is a rule, not a fact to tell, and
  "You escalate tickets to Tier 2 in Zendesk" says no place the assistant is; "Make that Tom, Ann and Li" is not cut
  at its comma.

A sixth review, of those mends and the tool, field and summary rules after them:

- An outright correction ("Sorry, the code is 4417") still corrects, whatever words it leaves out; a list whose name is
  asked ("What's on my shopping list?") is told whole.
- A lift is unavailable only when its own clause says it is broken or out of order (not "the car is out front"); an
  amount field in a currency takes "budget 200", "tip 15 percent on 60"; codes are only real language codes; a new
  file name is the last one said.
- "Is it possible to / Will you / Can we get ... arrange, dispatch, assign" are requests; a tool taking nothing is
  called only when its description says each word asked and gives what is asked ("How many days are left until
  Christmas?" calls no inventory, "What's your name?" no whoami); "my husband's surname" is not mine.

A seventh, quick review of those mends:

- An outright correction changes the answer only when it names nothing the answer does not ("Sorry, Bob's phone
  is..." is no new number for Ann, "my car's number plate" none for my room); "How many bottles?" is not answered by a
  price per litre; a bare number is an amount only just after a word of money ("my 7 year old, I'll pay at the desk"
  is no budget of 7); "Will you have a table...?" asks; "How many colas are left?" still asks the stock; "The patient
  is Mr Lee" is told of the patient; "Attach invoice.pdf, not draft.pdf" attaches the invoice.
An eighth review, of the speaker's own corrections, read-backs and the lone price:
- Only "read (me) back" and "repeat back" ask for what was said: "Read my essay", "Repeat my usual order for Friday",
  "Read out the winners' names" and "Repeat back my shopping list: eggs, milk and rice" are tasks, not questions.
- The one price the instructions tell answers "what does it cost?" only of joining or of the thing it prices (not "a
  new clutch" of an MOT's price, nor "the premium plan" of the basic one's, nor a thing the user priced).
- "Make that 9 people" fills a form's people with 9 (the corrected sentence in the place of the one it corrects), and
  a mended typo is a code's, not a time's ("Sorry, the taxi is at 15:30" leaves the flight at 14:30); a note's
  "Changes made" still lists the change as it was said.
A ninth, quick review of those mends and of labels:
- Labels offered as "one of these labels: ..." or "Reply with the label only: ..." and a yes or no asked as "Answer yes
  or no only" are not read as offers: the labels then chosen were too often wrong ("tenant" for a seller, "P1" for a
  lightbulb, "yes" to "Avoid at all costs."), and a wrong label is worse than none.
- "Read back to me who the speaker is" and a short "Read out the ward number." ask for what was said; visiting on a
  day is what the one entry price is asked of.
A tenth review, of corrections said in other words, group sizes and dimensions:
- "The date is wrong - it's 21 June, not the 14th" is written into the sentence it corrects, which keeps its time and
  place ("on 21 June at 10:00"), rather than told back alone.
- A group counted by age is summed once ("3 adults and 1 child": 4, not the "we're 3"; a toddler counts), and "How
  many children?" is no question of the whole group.
- "4.2 by 3.6 m" gives a tool's length and width in the order the tool lists them; "And the advanced class?" takes the
  level the tool's description quotes ("advanced"), not "advanced class".
- Defects both versions shared, mended with it: "What's your name?" after "The user is Mrs Ingrid Dahl." in the
  instructions no longer fails (a name reused inside a loop), and "What's my postcode?" is told the address that holds it.
An eleventh, quick review of those mends:
- "40cm by 30cm by 20cm" gives each of three sides; a follow-up "And B1?" keeps the level as the tool's description
  writes it ("B1", not "b1"); a note of a booking the helper moved says what the helper did ("Booked 9 June 14:00",
  "Moved to 9 June 14:00"), and a correction the helper confirmed is no open problem.

A twelfth review, of corrections written into what they correct, records read from a list of Pydantic models, and a
note's first section:
- "Was it Pier 4?" after "the pickup point is Pier 7, not Pier 4" is "No" (the sentence as corrected since); "The
  study is 18 degrees, not 20" changes the study's 20, not the lounge's; "What did I tell you?" tells a correction as
  it was said ("the room is R3, not R2").
- A record of a listed result is picked by the value the question names ("on Wednesday": "Wed 18:00"; "Ms Ruiz", not
  every "Ms"), and "the price of the Isle North ferry again" is answered from it, not by calling again.
- "the venue is the Rowing Club, not the Golf Club" is written into the sentence it corrects, in a note too.

A thirteenth, quick review of those mends:
- "Give the late shift to Farid instead." after a day's shifts were listed gives it (that day); "Give Wednesday's early
  shift to Hugo" gives it to Hugo, not to "Wednesday".
- "Wash and dry: ..." opens no name only of a person's field: a list of care steps keeps its first step.

A fourteenth, quick review of those mends:
- A flag described "Whether to text the barista" is false for "don't text him" and "without texting him".
- "Give it to Farah instead." gives nothing by a day said before: what "it" is, the message does not say.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memlab.offline.api import OfflineAPI

CASES = json.loads((Path(__file__).parent.parent / "data" / "reviewed_overreaches.json").read_text())


def reply(case: dict) -> str:
    """The reply to a probe as one line: each call ("CALL name(arguments)") and each message ("MSG text")."""
    body = {"model": "gpt-4.1", "instructions": case.get("i", ""), "tools": case.get("tools", []),
            "input": case["in"] if isinstance(case["in"], list) else [{"role": "user", "content": case["in"]}]}
    body |= {"text": case["text"]} if "text" in case else {}
    return " ;; ".join(f"CALL {o['name']}({o['arguments']})" if o["type"] == "function_call" else "MSG " + " ".join(
        p["text"] for p in o["content"]) for o in OfflineAPI().respond(body)["output"] if o["type"] != "reasoning")


@pytest.mark.parametrize("case", CASES, ids=[str(c["in"] if isinstance(c["in"], str) else c["in"][-1]["content"])[:40]
                                             for c in CASES])
def test_a_rule_of_this_round_leaves_what_it_is_not_about_alone(case) -> None:
    said = reply(case)
    assert (case["what"] in said) == (case["how"] == "has"), said
