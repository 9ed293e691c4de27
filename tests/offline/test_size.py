"""The offline model stays small enough to read: a line budget and a regular-expression budget.

It is a stand-in for a model, not the lesson; a learner who opens ``memlab/offline/`` should be
able to read it in an afternoon. The model it replaced had 4,585 lines and about 180 regular
expressions. The goal is half of that. The patterns are at it (59 of 60, those built from a word
list counted too); the lines are not: 18,006 against 2,300, more than the model it replaced. A slimming
pass over every file (each checked against the old code on thousands of recorded requests) took 3,274
lines to 3,024, and speed passes for the replays notebooks and explorers make (work done once per
instructions or per request, not per field; a request read before answered as then;
the tokens of a short text read once; a question's topic read once; the kinds of a text's values read once; a reply's question to the conversation worked out once; a currency
looked up by its name, not searched for) added 92; the rest
is what the goal's own features cost (tools, handoffs, structured output, prompts of any shape, the request
checks, conversations, streaming, the stand-in over HTTP). Agents, tools, schemas and prompts the model had
never seen, tried as an outside tester would, then cost about 14,843 more over forty-five rounds, each case a test
of its own (``test_own_agents.py``, ``test_structured_values.py``, ``test_structured_shapes.py``,
``test_structured_collections.py``,
``test_conversation_facts.py``, ``test_arguments_and_chat.py``, ``test_notes.py``,
``test_values_from_words.py``, ``test_argument_slots.py``, ``test_tool_choice.py``,
``test_recall_and_replies.py``, ``test_tool_choice_2.py``, ``test_field_values_2.py``, ``test_replies_2.py``,
``test_replies_and_routing.py``, ``test_requests_and_switches.py``, ``test_corrections_and_splits.py``,
``test_plans_recalled.py``, ``test_titles_and_topics.py``, ``test_agents_as_tools.py``,
``test_answers_from_tools.py``, ``test_dependent_and_plural_calls.py``, ``test_structured_judgements.py``,
``test_waiting_calls.py``, ``test_names_and_labels.py``, ``test_options_addresses_actions.py``,
``test_tickets_and_plain_results.py``, ``test_reply_texts.py``, ``test_argument_values.py``,
``test_tools_called.py``, ``test_answers_from_conversation.py``, ``test_structured_output.py``,
``test_notes_of_any_shape.py``, ``test_notes_of_own_prompts.py``,
``test_dates_durations_and_own_tools.py``, ``test_structured_and_desks.py``, ``test_everyday_chat.py``,
``test_first_tries.py``, ``test_lists_counts_and_updates.py``, ``test_structured_listings.py``,
``test_notes_as_the_prompt_lays_them_out.py``, ``test_tool_parts_and_switches.py``,
``test_chat_items_todos_and_updates.py``, ``test_notes_steps_checklists_and_clauses.py``,
``test_lower_case_places_and_flags.py``, ``test_structured_forms.py``,
``test_lead_ins_and_clauses.py``, ``test_results_told_in_short.py``, ``test_instructions_that_decide.py``,
``test_json_note_values.py``, ``test_structured_across_turns.py``, ``test_desks_units_and_references.py``,
``test_counts_teams_and_reasoning.py``, ``test_when_where_and_note_sections.py``,
``test_todo_calendar_and_compare.py``, ``test_first_tool_arguments.py``, ``test_note_budgets.py``,
``test_messages_and_reminders.py``, ``test_settings_by_meaning.py``, ``test_arguments_said_plainly.py``,
``test_lists_places_headings_and_routes.py``, ``test_lookups_desks_and_judged_text.py``,
``test_arguments_not_given.py``, ``test_a_help_search_beside_other_tools.py``,
``test_follow_ups_ages_and_translations.py``, ``test_goodbyes_fresh_lookups_and_listed_options.py``,
``test_corrections_of_an_earlier_booking.py``, ``test_a_list_field_from_the_sentence_that_lists.py``,
``test_what_the_assistant_is_for.py``, ``test_a_result_field_the_question_names.py``,
``test_clauses_told_back_and_flights.py``, ``test_trimmed_facts_are_not_answered_by_kin.py``,
``test_orders_without_a_tool_and_amounts.py``, ``test_orders_and_events_parsed.py``,
``test_notes_headings_references_and_places.py``, ``test_desks_across_turns.py``,
``test_several_tools_levels_and_titles.py``, ``test_language_desks_and_questions.py``,
``test_forms_sides_and_subjects.py``, ``test_messages_items_and_events_said_plainly.py``,
``test_handovers_for_the_next_agent.py``,
``test_desks_that_share_a_word.py``,
``test_a_pet_owners_chat_through_a_summary.py``,
``test_the_api_docs_function_calling_loop.py``,
``test_a_calendar_agent_of_ones_own.py``,
``test_a_stock_agent_on_a_reasoning_model.py``,
``test_an_airline_desk_asks_for_what_it_lacks.py``,
``test_a_cooking_agent_in_a_conversations_session.py``,
``test_an_hr_agent_of_ones_own.py``,
``test_questions_about_this_chat_search_no_docs.py``,
``test_risks_promises_and_sentences.py``,
``test_own_schemas_lists_works_and_records.py``,
``test_a_learners_own_judge.py``,
``test_an_orchestrator_of_agents_as_tools.py``,
``test_catalogue_titles_across_turns.py``,
``test_hours_asked_by_the_clock.py``,
``test_follow_ups_from_results_instructions_and_user.py``,
``test_a_claims_desk_answers_from_its_result.py``,
``test_steps_instructions_put_in_order.py``,
``test_a_deadline_today_raises_a_tickets_priority.py``,
``test_a_value_given_when_asked_completes_the_request.py``,
``test_reasoning_summaries_and_tasks.py``,
``test_summaries_of_what_a_tool_holds.py``,
``test_the_sdk_quickstarts_homework_triage.py``,
``test_long_term_memory_tools_of_ones_own.py``,
``test_chat_completions.py``,
``test_intakes_tickets_and_tables.py``,
``test_named_entities_sorted.py``,
``test_memory_held_in_the_instructions.py``,
``test_recall_of_clauses_results_and_own_words.py``,
``test_titles_and_names_as_said.py``,
``test_handover_steps_answered.py``,
``test_a_learners_shop_bank_and_hotel_agents.py``,
``test_pasted_lists.py``,
``test_patterns_timestamps_and_nested_lists.py``,
``test_tracking_numbers_and_fields_in_other_words.py``,
``test_a_spa_booking_parsed_into_guests_and_treatments.py``,
``test_a_locksmith_a_salon_and_a_board_game_cafe.py``,
``test_a_wetsuit_a_kite_and_a_canal_lock.py``,
``test_an_alarm_an_archery_lane_and_a_night_shelter.py``,
``test_a_stained_glass_commission_and_a_tailors_paragraph.py``,
``test_a_van_a_typewriter_and_four_lockers.py``,
``test_crates_a_volleyball_team_and_a_livery_yard.py``,
``test_an_orchard_rota_a_hedgehog_handover_and_a_bindery.py``,
``test_a_pony_a_vending_machine_and_a_required_call.py``,
``test_grout_a_subtitle_file_and_language_codes.py``,
``test_a_wildlife_rescue_and_a_sofa_delivery.py``, ``test_a_beekeeper_a_game_night_and_a_box_office.py``,
``test_a_hall_booking_and_a_piano_tuning_corrected.py``,
``test_a_pigeon_loft_a_headstone_and_a_rocket_order.py``,
``test_a_kit_order_a_berth_and_a_dig_rota.py``,
``test_saplings_a_quiz_night_and_a_watch_repair.py``,
``test_a_loom_a_poultry_show_and_an_accordion.py``,
``test_a_pressing_plant_a_house_sitter_and_a_science_fair.py``,
``test_a_costume_store_a_sail_loft_and_a_tasting_room.py``,
``test_a_mural_a_relay_team_and_a_fossil_store.py``,
``test_a_secret_code_a_renamed_desk_and_a_locked_door.py``,
``test_a_harvest_log_a_tree_tag_and_a_quiet_radio.py``,
``test_a_rowing_crew_a_pasted_ticket_and_a_moved_tiler.py``,
``test_a_loch_trip_a_repair_cafe_and_a_night_market.py``,
``test_a_darkroom_list_a_shared_unit_and_a_lettings_sheet.py``,
``test_a_tram_depot_a_reptile_house_and_badminton_courts.py``,
``test_a_noodle_bar_a_veg_box_and_a_courier_crash.py``,
``test_a_wheel_build_a_comedy_night_and_a_boiler_visit.py``,
``test_a_swing_bridge_a_caving_kit_and_an_archive_desk.py``,
``test_a_soft_play_a_boatyard_and_a_laptop_desk.py``,
``test_a_rope_walk_a_tide_mill_and_a_sign_shop.py``,
``test_a_cooperage_a_bandstand_and_a_fish_market.py``,
``test_a_saddlery_a_ropeway_and_a_dye_works.py``,
``test_a_brass_band_a_seed_vault_and_a_skate_park.py``,
``test_a_cider_press_a_rowing_club_and_a_chandlery.py``,
``test_a_sailing_school_a_hat_shop_and_a_music_school.py``,
``test_a_car_boot_sale_a_sign_printer_and_a_deli.py``,
``test_a_honey_round_a_depot_and_a_flat_share.py``,
``test_a_juice_bar_a_timber_yard_and_a_lido.py``,
``test_a_scaffold_job_a_marquee_and_a_stamp_lot.py``,
``test_an_ice_core_store_a_glacier_route_and_solar_slots.py``,
``test_a_blood_donor_a_cold_store_and_a_chimney_sweep_parsed.py``,
``test_a_sheepdog_trial_a_lighthouse_tour_and_a_tattoo_quote.py``,
``test_a_violin_rental_a_knife_round_and_a_deposit_desk.py``,
``test_a_walling_course_a_bonsai_order_and_a_sheepdog_trial.py``,
``test_rules_that_must_not_overreach.py``,
``test_a_writing_assistants_agents_as_tools.py``,
``test_a_receipt_and_a_soap_note.py``,
``test_a_car_desk_flights_and_a_wedding_date.py``,
``test_a_developers_own_prompts.py``,
``test_a_rental_a_flight_and_a_booking_parsed.py``,
``test_an_insurer_and_a_banks_desks.py``,
``test_a_physios_notes_and_a_bands_tour.py``,
``test_an_office_move_told_then_asked_about.py``,
``test_a_lab_portal_and_a_recipe_scaler.py``,
``test_locks_rooms_ferries_and_readers.py``,
``test_corrections_change_only_what_they_correct.py``,
``test_recall_of_the_fact_asked.py``,
``test_postings_bugs_invites_and_parcels_parsed.py``,
``test_homes_and_pets_found_and_asked_about.py``,
``test_a_tutors_json_summaries.py``,
``test_a_library_desk_remembers_the_member_number.py``,
``test_garden_centre_concierge_and_expert_chats.py``,
``test_museum_desks_parcels_and_an_orchestrator.py``,
``test_gym_classes_and_tables_by_the_day.py``,
``test_registrars_classifiers_and_summaries_of_summaries.py``,
``test_tickets_opened_and_asked_about.py``,
``test_flights_said_earlier.py``,
``test_a_value_the_whole_message_gives.py``,
``test_invoices_and_triage_forms.py``,
``test_clinic_and_homework_agents.py``,
``test_repeated_requests.py``,
``test_who_the_assistant_is.py``,
``test_notes_of_pasted_tools_and_fact_tables.py``,
``test_people_looked_up_and_counted.py``,
``test_follow_ups_in_other_units_and_kept_names.py``,
and the SDK's own examples in ``test_sdk_examples.py``).
The line budget is today's size: it may shrink, and grows only with a case a test holds (the stand-in's
Ctrl-C always reaching its main thread is one) or a cache that keeps a request's cost what it was (the
reader reading on from the request before, ``test_reading_on.py``, is one).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import memlab.offline

FOLDER = Path(memlab.offline.__file__).parent
MAX_LINES = 18006
GOAL_LINES = 2300  # half of the 4,585 lines of the model it replaced
MAX_PATTERNS = 60
RE_FUNCTIONS = {"compile", "search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split"}


def patterns(source: str) -> list[str]:
    """Every regular expression written in ``source``: the first argument of a ``re.<function>`` call, as written
    (a literal, or the code that builds one: an f-string, a join)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in RE_FUNCTIONS
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args):
            pattern = node.args[0]
            found.append(pattern.value if isinstance(pattern, ast.Constant) else ast.unparse(pattern))
    return found


def test_patterns_are_found_where_they_are_written() -> None:
    source = 'import re\nA = re.compile(r"a+")\nif re.search("b", x):\n    pass\ny = x.split(",")\nB = re.compile(f"{w}+")\n'
    assert patterns(source) == ["a+", "b", "f'{w}+'"]


def sizes() -> dict[str, int]:
    """The lines of every file in ``memlab/offline/`` (code, and any data file a word list might move into)."""
    return {path.name: len(path.read_text().splitlines()) for path in sorted(FOLDER.iterdir()) if path.is_file()}


def test_the_offline_model_stays_within_its_line_budget() -> None:
    assert sum(sizes().values()) <= MAX_LINES, sizes()


def test_the_offline_model_has_at_most_60_regular_expressions() -> None:
    found = {path.name: patterns(path.read_text()) for path in sorted(FOLDER.glob("*.py"))}
    assert sum(map(len, found.values())) <= MAX_PATTERNS, {name: len(p) for name, p in found.items()}


@pytest.mark.xfail(strict=True, reason=f"the goal is not met: {MAX_LINES:,} lines today against {GOAL_LINES:,}")
def test_the_offline_model_is_at_most_half_the_size_of_the_one_it_replaced() -> None:
    """The issue's goal, kept in view: it fails today (reported as xfail, not as a pass) and turns the run red the
    day the goal is met, so that the marker is taken off."""
    assert sum(sizes().values()) <= GOAL_LINES, sizes()
