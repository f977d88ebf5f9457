"""Structured output and forced tools are filled only from evidence: values the task or the tools do not give
are declined (a refusal saying why), never guessed."""

import json
import re
from pathlib import Path
from typing import Literal

import pytest

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent
from looplab.tools import tool

WEATHER, CALC = (t.to_api() for t in samples.weather_and_calc())


def offered(name: str, description: str, **props) -> dict:
    """A tool whose every property is required."""
    return {"name": name, "description": description,
            "input_schema": {"type": "object", "properties": props, "required": list(props)}}


def forced(task: str, tool: dict, *others: dict):
    """The reply to `task` with `tool` forced by tool_choice."""
    return practice_client().messages.create(model=MODEL, max_tokens=300, tools=[tool, *others],
                                             tool_choice={"type": "tool", "name": tool["name"]},
                                             messages=[{"role": "user", "content": task}])


def as_json(schema_props: dict, messages: list, tools: list, client=None, **options):
    """The reply when `messages` ask for an answer as an object with `schema_props`, all required."""
    schema = {"type": "object", "properties": schema_props, "required": list(schema_props),
              "additionalProperties": False}
    return (client or practice_client()).messages.create(
        model=MODEL, max_tokens=500, tools=tools, messages=messages,
        output_config={"format": {"type": "json_schema", "schema": schema}}, **options)


def calls(reply) -> list:
    return [(b.name, b.input) for b in reply.content if b.type == "tool_use"]


@pytest.mark.parametrize("task", ["Hello", "Thanks", "Good Morning"])
def test_a_forced_tool_is_not_filled_from_a_task_that_asks_nothing_of_it(task):
    """A greeting names no city: forced get_weather is a refusal, it used to be called with city 'Hello'."""
    reply = forced(task, WEATHER, CALC)
    assert (reply.stop_reason, reply.content) == ("refusal", [])
    assert "get_weather" in reply.stop_details.explanation


@pytest.mark.parametrize("task", ["What's the weather for Tuesday?", "What is the weather like in summer?",
                                  "Is the weather nice at home?"])
def test_a_day_a_season_or_a_common_word_is_no_city(task):
    """'for Tuesday', 'in summer', 'at home' name no place: no get_weather call with them, forced or not."""
    assert forced(task, WEATHER, CALC).stop_reason == "refusal"
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert not [c for c in run.tool_calls if c[0] == "get_weather"], run.answer


def test_a_forced_calculator_gets_no_range_as_arithmetic():
    """'chapter 3-4' is a range: a forced calculator is a refusal, it used to compute 3 - 4."""
    assert forced("Read chapter 3-4 of the book.", CALC, WEATHER).stop_reason == "refusal"


@pytest.mark.parametrize(("task", "tool"), [
    ("Book a table at 8pm.", offered("book_table", "Book a table.", party_size={"type": "integer"})),
    ("Charge the customer 30 dollars.", offered("charge", "Charge a customer.", amount_eur={"type": "number"})),
    ("Find the 2 unpaid invoices and record their total.", offered("record", "Record a total.", total={"type": "number"})),
    ("Give a 15% discount on the order.", offered("discount", "Apply a discount.", amount={"type": "number"})),
    ("Book table 12 for us.", offered("book_table", "Book a table.", party_size={"type": "integer"})),
])
def test_a_number_written_with_another_unit_is_not_filled(task, tool):
    """'8pm' is no party size, '30 dollars' no amount in EUR, '2 unpaid' no total, '15%' no amount, and 'table 12'
    (a label, not a unit) no party size: a refusal, not the number."""
    reply = forced(task, tool)
    assert (reply.stop_reason, reply.content) == ("refusal", [])


def test_a_number_written_with_its_propertys_unit_is_filled():
    """'5 minutes' fills 'minutes', '15%' a 'percent', 'quantity 3' a 'quantity', 'a table for 4' a party size."""
    reply = forced("Set a timer for 5 minutes.", offered("timer", "Start a timer.", minutes={"type": "integer"}))
    assert calls(reply) == [("timer", {"minutes": 5})]
    reply = forced("Give a 15% discount.", offered("discount", "Apply a discount.", percent={"type": "number"}))
    assert calls(reply) == [("discount", {"percent": 15})]
    reply = forced("Book a table for 4.", offered("book_table", "Book a table.", party_size={"type": "integer"}))
    assert calls(reply) == [("book_table", {"party_size": 4})]


SUB = offered("sub", "Subtract b from a.", a={"type": "number"}, b={"type": "number"})


def test_operands_are_filled_in_the_order_of_the_arithmetic():
    """'Subtract 3 from 10.' is 10 - 3 (the full stop used to hide it, and the text order gave a=3, b=10);
    '3 less than 10', which it does not read, is a refusal."""
    assert calls(forced("Subtract 3 from 10.", SUB)) == [("sub", {"a": 10, "b": 3})]
    assert forced("What is 3 less than 10?", SUB).stop_reason == "refusal"


def test_a_negated_enum_value_is_not_named():
    """'not paid' does not name 'paid': a refusal, it used to be status 'paid'."""
    mark = offered("mark_invoice", "Mark an invoice.", status={"type": "string", "enum": ["paid", "unpaid"]})
    assert forced("Mark the invoice as not paid.", mark).stop_reason == "refusal"
    assert calls(forced("Mark the invoice as unpaid.", mark)) == [("mark_invoice", {"status": "unpaid"})]


def test_a_field_named_only_by_a_status_is_neither_the_count_nor_the_total(tmp_path):
    """'outstanding' could be the amount or the count: with no total (two currencies) it used to be the count 2."""
    (tmp_path / "bills").mkdir()
    for name, amount in (("a", "100 EUR"), ("b", "30 USD")):
        (tmp_path / "bills" / f"{name}.txt").write_text(f"Invoice {name.upper()}-1\nAmount: {amount}\nStatus: unpaid\n")
    tools = samples.invoice_tools(tmp_path)
    client = practice_client()
    run = run_agent(client, "In the folder bills, which invoices are unpaid? Total?", tools)
    api = [t.to_api() for t in tools]
    reply = as_json({"outstanding": {"type": "number"}}, run.messages[:-1], api, client, tool_choice={"type": "none"})
    assert (reply.stop_reason, reply.content) == ("refusal", [])
    reply = as_json({"count_unpaid": {"type": "integer"}}, run.messages[:-1], api, client, tool_choice={"type": "none"})
    assert json.loads(reply.content[0].text) == {"count_unpaid": 2}


def test_tool_choice_none_before_any_result_is_no_structured_answer():
    """'I would call get_weather but tool_choice is none' is no answer: a refusal, not {"answer": that text}."""
    reply = as_json({"answer": {"type": "string"}}, [{"role": "user", "content": "What is the weather in Lyon?"}],
                    [WEATHER], tool_choice={"type": "none"})
    assert (reply.stop_reason, reply.content) == ("refusal", [])
    assert "tool_choice is 'none'" in reply.stop_details.explanation


def test_a_field_named_by_a_status_word_is_filled_from_a_key_of_that_name():
    """A looked-up record's own 'due' field fills 'due': the status word names that key, and nothing wider."""
    ledger = offered("lookup", "Look up an invoice by its key in the ledger.", key={"type": "string"})
    record = {"number": "A-1", "amount": 120, "due": "2026-10-01", "status": "unpaid"}
    messages = [{"role": "user", "content": "Look up 'A-1' in the ledger."},
                {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "lookup",
                                                   "input": {"key": "A-1"}}]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                              "content": json.dumps(record)}]}]
    reply = as_json({"due": {"type": "string"}}, messages, [ledger])
    assert json.loads(reply.content[0].text) == {"due": "2026-10-01"}


@pytest.mark.parametrize(("task", "expected"), [
    ("Delete every file except notes.txt.", None), ("Don't delete notes.txt.", None),
    ("Delete old.txt, not notes.txt.", {"name": "old.txt"}),
])
def test_a_value_the_task_excludes_or_negates_is_not_filled(task, expected):
    """'except notes.txt' and "don't delete notes.txt" do not name the file to delete: a refusal, where it used to
    delete notes.txt; 'old.txt, not notes.txt' names old.txt."""
    delete = next(t.to_api() for t in samples.action_tools([]) if t.name == "delete_file")
    reply = forced(task, delete)
    assert calls(reply) == ([("delete_file", expected)] if expected else [])
    assert reply.stop_reason == ("tool_use" if expected else "refusal")


def test_an_excluded_recipient_or_city_is_not_filled():
    """'Never send ... to bob@x.com' names no recipient; 'not in Paris but in Lyon' is not Paris."""
    send = offered("send", "Send an email.", to={"type": "string"})
    assert forced("Never send email to bob@x.com.", send).stop_reason == "refusal"
    assert calls(forced("Send the email to bob@x.com, not ann@y.com.", send)) == [("send", {"to": "bob@x.com"})]
    assert "Paris" not in json.dumps([b.model_dump() for b in forced("What is the weather, not in Paris but in Lyon?",
                                                                     WEATHER).content])


def test_the_largest_invoice_gives_no_total_and_no_count():
    """'What is the largest unpaid invoice?' then {total_unpaid, count}: it gave the largest one's 1000 and 1."""
    tools = samples.invoice_tools(Path(samples.__file__).resolve().parents[2] / "notebooks" / "data")
    client = practice_client()
    run = run_agent(client, "In the folder invoices, what is the largest unpaid invoice?", tools)
    assert run.answer.startswith("Unpaid, largest: 2026-08-019 (Maison Ravel, 1000 EUR).")
    reply = as_json({"total_unpaid": {"type": "number"}, "count": {"type": "integer"}}, run.messages[:-1],
                    [t.to_api() for t in tools], client, tool_choice={"type": "none"})
    assert (reply.stop_reason, reply.content) == ("refusal", [])


def test_a_research_answer_with_a_part_not_answered_fills_no_answer_field():
    """The quoted sentences answer the first question, not 'who makes them'; {answer, sources} would drop that."""
    tools = samples.docs_tools(Path(samples.__file__).resolve().parents[2] / "notebooks" / "data" / "articles")
    client = practice_client()
    run = run_agent(client, "What do the articles say about heat pumps in cold climates and who makes them?", tools)
    assert run.answer.endswith("I did not answer 'who makes them': no sentence I found speaks of it."), run.answer
    reply = as_json({"answer": {"type": "string"}, "sources": {"type": "array", "items": {"type": "string"}}},
                    run.messages[:-1], [t.to_api() for t in tools], client, tool_choice={"type": "none"})
    assert (reply.stop_reason, reply.content) == ("refusal", [])


def test_the_tool_choice_none_sentence_is_french_for_a_french_task():
    """It used to open 'I'll call get_weather(city='Lyon').', then say it calls none: the note of a call not made is
    left out."""
    reply = practice_client().messages.create(model=MODEL, max_tokens=300, tools=[WEATHER], tool_choice={"type": "none"},
                                              messages=[{"role": "user", "content": "Quel temps fait-il à Lyon ?"}])
    assert reply.content[0].text == ("Pour continuer, j'appellerais get_weather, "
                                     "mais tool_choice vaut 'none' : je n'appelle aucun outil et ne peux pas encore répondre.")


@pytest.mark.parametrize(("task", "expected"), [
    ("Order anything but 'green tea'.", None), ("Order a drink, everything but 'green tea'.", None),
    ("Order a drink instead of 'green tea'.", None), ("Order a drink, e.g. 'green tea'.", None),
    ("Order a hot drink such as 'green tea'.", None), ("Order 'coffee' rather than 'green tea'.", "coffee"),
])
def test_a_value_after_anything_but_instead_of_or_an_example_is_not_filled(task, expected):
    """'anything but x', 'instead of x' exclude x and 'e.g. x' gives an example of it: a refusal, where it used to
    order the green tea; 'coffee rather than green tea' orders the coffee."""
    order = offered("order_drink", "Order a drink.", drink={"type": "string"})
    reply = forced(task, order)
    assert calls(reply) == ([("order_drink", {"drink": expected})] if expected else [])


@pytest.mark.parametrize("task", ["Email bob@x.com's manager.", "Send an email to the manager of bob@x.com.",
                                  "Send an email from bob@x.com.", "Send an email on behalf of bob@x.com."])
def test_an_address_that_names_someone_else_is_no_recipient(task):
    """'bob@x.com's manager', 'the manager of bob@x.com' and 'from bob@x.com' are not bob@x.com: a refusal, where
    it used to write to bob@x.com."""
    send = offered("send_email", "Send an email.", to={"type": "string"})
    assert forced(task, send).stop_reason == "refusal"


@pytest.mark.parametrize(("task", "expected"), [
    ("Set the shirt size to anything but large.", None), ("Set the shirt size to something other than large.", None),
    ("Set the shirt size to extra large.", None), ("Set the shirt size larger than medium.", None),
    ("Set the shirt size one above small.", None), ("Set the shirt size to medium instead of large.", "medium"),
    ("Change the shirt size from large to small.", "small"),
])
def test_an_enum_value_excluded_or_made_another_by_a_word_before_it_is_not_filled(task, expected):
    """'anything but large', 'extra large', 'larger than medium', 'one above small' name no size of the enum: a
    refusal, where it used to fill 'large', 'medium' or 'small'; 'from large to small' is small."""
    size = offered("set_size", "Set the shirt size.", size={"type": "string", "enum": ["small", "medium", "large"]})
    reply = forced(task, size)
    assert calls(reply) == ([("set_size", {"size": expected})] if expected else [])


@pytest.mark.parametrize(("field", "filled"), [("result_in_words", False), ("summary_in_french", False),
                                               ("final_answer", True)])
def test_a_text_field_whose_name_asks_more_than_the_answer_is_not_the_answer(field, filled):
    """'result_in_words' is not '12 * 8 = 96.' and 'summary_in_french' not an English answer: a refusal, where the
    answer as written used to fill them; 'final_answer' is the answer."""
    client = practice_client()
    run = run_agent(client, "What is 12 * 8?", samples.weather_and_calc())
    reply = as_json({field: {"type": "string"}}, run.messages[:-1], [WEATHER, CALC], client,
                    tool_choice={"type": "none"})
    assert reply.stop_reason == ("end_turn" if filled else "refusal")


@pytest.mark.parametrize(("task", "tool"), [
    ("Transfer 100 EUR twice.", offered("transfer", "Transfer money.", amount_eur={"type": "number"})),
    ("Transfer 100 EUR per month.", offered("transfer", "Transfer money.", amount_eur={"type": "number"})),
    ("Transfer half of 100 EUR.", offered("transfer", "Transfer money.", amount_eur={"type": "number"})),
    ("Rate the film 3 stars higher than Bob did.", offered("rate", "Rate a film.", stars={"type": "integer"})),
    ("Set the thermostat to 70°F.", offered("thermostat", "Set the thermostat.", celsius={"type": "number"})),
    ("Create an event a week before '2026-12-03'.", offered("create_event", "Create an event.", date={"type": "string"})),
    ("Search the web for 'green tea' prices in 2025.", offered("search", "Search the web.", query={"type": "string"})),
])
def test_a_value_a_word_next_to_it_qualifies_is_not_filled(task, tool):
    """'100 EUR twice', 'half of 100 EUR', '3 stars higher', '70°F' for celsius, 'a week before' a date, "'green
    tea' prices": the word next to the value says more than the tool takes; a refusal, where the bare value (100,
    3, 70, '2026-12-03', 'green tea') used to be filled."""
    assert forced(task, tool).stop_reason == "refusal"


@pytest.mark.parametrize(("task", "city"), [
    ("What's the weather in the capital of France?", None), ("What's the weather in Paris's suburbs?", None),
    ("What's the weather for the city of Lyon?", "Lyon"),
])
def test_a_place_named_through_another_is_not_the_city(task, city):
    """'the capital of France' is not France and "Paris's suburbs" no city "Paris's": a refusal, where forced
    get_weather used to be called with them; 'the city of Lyon' is Lyon."""
    assert calls(forced(task, WEATHER)) == ([("get_weather", {"city": city})] if city else [])


def test_an_optional_field_or_another_fields_address_is_not_filled_from_the_task():
    """"cc ann@y.com" is no 'to', and the quoted subject is no optional 'cc': forced send_email used to write to
    ann@y.com too and set cc 'Hello'. A cc it cannot fill is a part of the act left out, so no email is sent."""
    send = {"name": "send_email", "description": "Send an email.", "input_schema": {
        "type": "object", "properties": {"to": {"type": "string"}, "cc": {"type": "string"},
                                         "subject": {"type": "string"}}, "required": ["to"]}}
    assert calls(forced("Send an email to bob@x.com, cc ann@y.com.", send)) == []
    assert calls(forced("Send an email to bob@x.com with the subject 'Hello'.", send)) == [
        ("send_email", {"to": "bob@x.com", "subject": "Hello"})]


@pytest.mark.parametrize("task", ["Read notes.txt, don't delete it.", "Don't delete notes.txt, read it."])
def test_a_forced_choice_does_not_call_the_tool_the_task_forbids(task):
    """"don't delete it" asks nothing of delete_file: with tool_choice any, it used to delete notes.txt."""
    delete, read = (offered(f"{verb}_file", f"{verb.title()} a file.", path={"type": "string"}) for verb in ("delete", "read"))
    reply = practice_client().messages.create(model=MODEL, max_tokens=300, tools=[delete, read],
                                              tool_choice={"type": "any"}, messages=[{"role": "user", "content": task}])
    assert not [c for c in calls(reply) if c[0] == "delete_file"]


def test_a_refusal_explains_itself_in_french_for_a_french_task():
    """A forced tool or a JSON schema it cannot fill is explained in French for a French task; it was English."""
    send = offered("envoyer_email", "Envoyer un email.", destinataire={"type": "string"})
    reply = forced("Envoyer un email à bob@x.com.", send)
    assert reply.stop_details.explanation.startswith(
        "Le modèle d'entraînement a été forcé par tool_choice à appeler envoyer_email mais ne sait pas remplir son "
        "entrée à partir de la demande (je n'ai pas pu déduire 'destinataire' pour envoyer_email de la demande) ; il ne "
        "sait pas remplir l'entrée de l'outil imposé"), reply.stop_details.explanation
    reply = as_json({"total": {"type": "number"}}, [{"role": "user", "content": "Quel temps fait-il à Lyon ?"}],
                    [WEATHER], tool_choice={"type": "none"})
    assert reply.stop_details.explanation.startswith("Le modèle d'entraînement n'a pas de réponse à mettre dans le "
                                                     "format JSON demandé : Pour continuer, j'appellerais get_weather")


@pytest.mark.parametrize(("task", "expected"), [
    ("Delete notes.txt only if it is empty.", None), ("Delete notes.txt unless it is new.", None),
    ("Please delete notes.txt.", "notes.txt"),
])
def test_a_file_name_followed_by_a_condition_is_not_filled(task, expected):
    """'only if it is empty' and 'unless it is new' are conditions the tool cannot check: a refusal, where forced
    delete_file used to delete notes.txt without them."""
    delete = offered("delete_file", "Delete a file.", path={"type": "string"})
    assert calls(forced(task, delete)) == ([("delete_file", {"path": expected})] if expected else [])


@pytest.mark.parametrize(("task", "tools", "named"), [
    ("Was the weather in Paris nice yesterday?", (WEATHER, CALC), "yesterday"),
    ("What will the weather be in Paris tomorrow?", (WEATHER, CALC), "tomorrow"),
    ("Quel temps fera-t-il à Paris demain ?", (WEATHER, CALC), ""),
    ("Email bob@x.com with subject 'Hi' and body 'Hello' only if he replied", samples.action_tools([]), ""),
    ("Should I delete notes.txt?", samples.action_tools([]), "a question about the action"),
    ("How do I delete notes.txt?", samples.action_tools([]), "a question about the action"),
])
def test_a_forced_tool_is_not_called_for_a_clause_the_auto_mode_declines(task, tools, named):
    """get_weather gives the weather now: forced by tool_choice any, 'yesterday' or 'tomorrow' used to call it for
    Paris, answering another question; 'only if he replied' and 'Should I …?' are no orders to send or delete."""
    tools = [t if isinstance(t, dict) else t.to_api() for t in tools]
    reply = practice_client().messages.create(model=MODEL, max_tokens=300, tools=tools, tool_choice={"type": "any"},
                                              messages=[{"role": "user", "content": task}])
    assert (reply.stop_reason, reply.content) == ("refusal", [])
    assert named in reply.stop_details.explanation


@pytest.mark.parametrize("task", ["What is the weather in Paris today?", "What is the weather in Paris right now?",
                                  "Quel temps fait-il à Paris ?"])
def test_a_forced_tool_is_still_called_for_the_weather_now(task):
    reply = practice_client().messages.create(model=MODEL, max_tokens=300, tools=[WEATHER, CALC],
                                              tool_choice={"type": "any"}, messages=[{"role": "user", "content": task}])
    assert calls(reply) == [("get_weather", {"city": "Paris"})]


@pytest.mark.parametrize("task", ["What is the weather in Paris, Texas?", "What is the weather in Paris, in December?"])
def test_a_name_a_comma_qualifies_is_not_the_forced_city(task):
    """'Paris, Texas' is not the Paris get_weather gives: the auto mode declines 'Texas', a forced get_weather used
    to be called for Paris."""
    reply = forced(task, WEATHER)
    assert (reply.stop_reason, reply.content) == ("refusal", [])


def test_a_name_offered_as_a_choice_is_not_the_forced_city():
    """'Paris or Lyon': the auto mode declines 'Lyon'; a forced get_weather used to be called for Paris alone."""
    reply = forced("What is the weather in Paris or Lyon?", WEATHER)
    assert (reply.stop_reason, reply.content) == ("refusal", [])
    assert "Lyon" in reply.stop_details.explanation


def test_a_forced_refusal_names_the_word_the_auto_mode_could_not_place():
    """'Quelle est la météo à Lyon demain ?' was refused as asking nothing of get_weather, which is untrue: it asks
    the weather, for 'demain', which get_weather does not give."""
    reply = forced("Quelle est la météo à Lyon demain ?", WEATHER)
    assert reply.stop_reason == "refusal" and "'demain'" in reply.stop_details.explanation
    assert "ne demande rien" not in reply.stop_details.explanation, reply.stop_details.explanation


@pytest.mark.parametrize("task", ["Delete notes.txt and old.txt", "Delete notes.txt, then old.txt"])
def test_a_file_named_after_and_is_served_by_the_same_tool(task):
    """'Delete notes.txt and old.txt' deleted notes.txt and said of 'old.txt' that none of the offered tools fits it,
    which is untrue: delete_file fits it as it fits notes.txt ('weather in Lyon and Paris' was already read so)."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True).answer
    assert outbox == [{"tool": "delete_file", "name": "notes.txt"}, {"tool": "delete_file", "name": "old.txt"}]
    assert "none of the offered tools" not in text, text


@pytest.mark.parametrize(("task", "named"), [
    ("Send an email to bob@x.com and alice@y.com with subject 'Hi' and body 'Hello'", "bob@x.com and alice@y.com"),
    ("Email bob@x.com, cc alice@y.com, subject 'Hi', body 'Hello'", "'cc'"),
    ("Email bob@x.com with subject 'Hi' and body 'Hello', cc alice@y.com", "'cc'"),
])
def test_an_email_to_several_recipients_is_declined_not_sent_to_one(task, named):
    """'Send an email to bob@x.com and alice@y.com with subject 'Hi' …' sent it to alice@y.com alone and said of bob
    "I could not tell the 'subject'", untrue; a 'cc alice@y.com' was dropped and the email sent to bob alone."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True).answer
    assert outbox == [] and named in text, text
    assert "'subject'" not in text, text


@pytest.mark.parametrize(("task", "cities"), [
    ("What's the weather in Paris and London please?", ["Paris", "London"]),
    ("Quel temps fait-il à Paris et Lyon s'il vous plaît ?", ["Paris", "Lyon"]),
])
def test_a_polite_word_does_not_hide_the_next_city(task, cities):
    """'… in Paris and London please?' said of 'London please' that none of the offered tools fits it, untrue:
    'please' asks nothing, London is asked as Paris is."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    asked = [b["input"] for m in run.messages if m["role"] == "assistant" for b in m["content"]
             if isinstance(b, dict) and b.get("type") == "tool_use"]
    assert asked == [{"city": c} for c in cities]
    assert "could not" not in run.answer and "pas pu" not in run.answer, run.answer


@pytest.mark.parametrize(("task", "named"), [
    ("What's the weather in Paris and in Lyon tomorrow?", "'tomorrow'"),
    ("What's the weather in Paris and Lyon in Fahrenheit?", "'Fahrenheit'"),
    ("Delete notes.txt and old.txt tomorrow", "'tomorrow'"),
])
def test_a_word_after_the_last_of_a_list_may_qualify_the_whole_list(task, named):
    """'… in Paris and in Lyon tomorrow?' gave Paris's weather now, as if asked, and said of 'in Lyon tomorrow' that
    none of the offered tools fits it (get_weather fits Lyon; 'tomorrow' is what it cannot do): now declined whole,
    naming the word; nothing is deleted for 'Delete notes.txt and old.txt tomorrow'."""
    outbox: list = []
    tools = samples.action_tools(outbox) if "Delete" in task else samples.weather_and_calc()
    run = run_agent(practice_client(), task, tools, approve=lambda n, i: True)
    assert run.tool_calls == [] and outbox == [], run.answer
    assert named in run.answer and "none of the offered tools" not in run.answer, run.answer


def test_a_name_before_a_generic_word_is_the_next_city():
    """'Weather in Paris, Lyon and Nice right now' said of 'Nice right now' that none of the offered tools fits it."""
    text = run_agent(practice_client(), "Weather in Paris, Lyon and Nice right now", samples.weather_and_calc()).answer
    assert "Nice: " in text and "could not" not in text, text


@pytest.mark.parametrize(("task", "expected"), [
    ("Multiply 6 by 7", "6 * 7 = 42."), ("Divide 10 by 4", "10 / 4 = 2.5."),
    ("What is the product of 6 and 7?", "6 * 7 = 42."), ("Multiplie 6 par 7", "6 * 7 = 42."),
    ("Peux-tu multiplier 6 par 7 ?", "6 * 7 = 42."),
])
def test_an_operation_verb_the_calculator_reads_is_not_declined(task, expected):
    """'Multiply 6 by 7' was declined with "I do not know what calculator could do with 'Multiply'", a word its
    arithmetic reads ('6 * 7'); the French 'Multiplie 6 par 7' was not read at all."""
    assert run_agent(practice_client(), task, samples.weather_and_calc()).answer == expected


@pytest.mark.parametrize(("task", "clause"), [
    ("Add 2 and 3, then multiply by 4", "'multiply by 4'"),
    ("What's the weather in Paris and multiply it by 2", "'multiply it by 2'"),
])
def test_an_operation_without_its_numbers_is_not_said_to_fit_no_tool(task, clause):
    """'Add 2 and 3, then multiply by 4' said of 'multiply by 4' that none of the offered tools fits it, untrue: the
    calculator fits, the expression is what the task does not give whole."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert f"I could not answer {clause}: I could not tell the 'expression' for calculator" in text, text


@pytest.mark.parametrize(("task", "kept", "named"), [
    ("Delete notes.txt? No wait, delete old.txt", [{"tool": "delete_file", "name": "old.txt"}], "'Delete notes.txt'"),
    ("Delete notes.txt and old.txt, actually", [], "'actually'"),
])
def test_a_part_the_task_takes_back_is_not_done(task, kept, named):
    """'Delete notes.txt? No wait, delete old.txt' deleted notes.txt as well as old.txt: what comes before 'no wait',
    'actually', 'never mind' may be taken back, so it is named as not done instead."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True).answer
    assert outbox == kept and named in text, text


@pytest.mark.parametrize("task", ["Can notes.txt be deleted?", "Could notes.txt be removed safely?"])
def test_a_question_whether_a_file_can_be_deleted_deletes_nothing(task):
    """'Can notes.txt be deleted?' deleted notes.txt: it asks whether it can be, as 'Was notes.txt deleted?' asks
    whether it was; it is declined as a question about the action ('Can you delete …?' still asks to)."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True).answer
    assert outbox == [] and "a question about the action" in text, text


def test_a_clause_asking_for_all_the_others_is_not_dropped():
    """'Delete notes.txt and all others' deleted notes.txt and said nothing of 'all others', a part silently dropped
    (its words are all little words); it is now named as not done."""
    outbox: list = []
    text = run_agent(practice_client(), "Delete notes.txt and all others", samples.action_tools(outbox),
                     approve=lambda n, i: True).answer
    assert outbox == [{"tool": "delete_file", "name": "notes.txt"}]
    assert "I could not answer 'all others'" in text, text


@pytest.mark.parametrize(("task", "clause"), [
    ("What's the weather in Paris and why is that?", "'why is that'"),
    ("What is 12 * 8, and what about it?", "'what about it'"),
    ("What's 12 * 8, and again?", "'again'"),
])
def test_a_question_of_little_words_is_not_dropped(task, clause):
    """'What's the weather in Paris and why is that?' gave Paris's weather and said nothing of 'why is that', a part
    silently dropped (only a two-word 'and why?' was named); it is now named as not done."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert f"I could not answer {clause}" in text, text


@pytest.mark.parametrize(("task", "expected"), [
    ("Hi! What's the weather in Paris?", "Paris: 18 °C, light rain (simulated)."),
    ("Salut ! Combien font 2 + 2 ?", "2 + 2 = 4."), ("Hey, what is 2 + 2?", "2 + 2 = 4."),
])
def test_a_greeting_before_the_question_is_no_part_to_decline(task, expected):
    """'Hi! What's the weather in Paris?' was declined with "I do not know what get_weather could do with 'Hi'", and
    'Hey, what is 2 + 2?' added "I could not answer 'Hey'": a greeting asks nothing of the tools."""
    assert run_agent(practice_client(), task, samples.weather_and_calc()).answer == expected


@pytest.mark.parametrize(("task", "cities"), [
    ("Is Paris warmer than Lyon?", ["Paris", "Lyon"]), ("Is New York sunny?", ["New York"]),
])
def test_a_city_after_is_is_the_city_asked(task, cities):
    """'Is Paris warmer than Lyon?' gave Lyon and said "I do not know what get_weather could do with 'Paris'", which
    is untrue: get_weather takes Paris; it read a place only after 'in', 'at' or 'for'."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": c}) for c in cities], run.answer
    assert "could not" not in run.answer, run.answer


@pytest.mark.parametrize("task", ["Quel temps a-t-il fait à Lyon ?", "Il a fait quel temps à Lyon ?"])
def test_a_french_past_is_not_answered_with_the_weather_now(task):
    """'Quel temps a-t-il fait à Lyon ?' (what was the weather) was answered 'Lyon: 21 °C, cloudy', the weather now,
    as 'How was the weather in Oslo?' used to be; it is declined, in French, naming the past it cannot give."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and "a fait" in run.answer.replace("a-t-il fait", "a fait"), run.answer
    assert "je ne sais pas ce que get_weather ferait de" in run.answer, run.answer


@pytest.mark.parametrize("task", ["Weather Paris Lyon", "Météo Paris", "Weather Paris Lyon, and 2 + 2"])
def test_a_task_that_is_all_capitalised_words_is_not_one_city(task):
    """'Weather Paris Lyon' called get_weather for the city 'Weather Paris Lyon' and stated its weather, 'Weather
    Paris Lyon: 19 °C, windy (simulated)', a place nobody asked about: a name holding the tool's own word is not read
    as the city ('What's the weather in Hot Springs?' still is)."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert all(name != "get_weather" for name, _ in run.tool_calls), run.answer
    said = "je n'ai pas pu déduire 'city' pour get_weather" if "Météo" in task else "I could not tell the 'city' for"
    assert said in run.answer, run.answer  # a French task, a French reply


def test_a_city_after_a_colon_is_read_as_the_city():
    """'What is the weather in 3 cities: Paris, Lyon and Nice?' said "I do not know what get_weather could do with
    'Paris'", untrue: Paris is read after a colon ('Weather: Paris'); the '3' is what it declines."""
    text = run_agent(practice_client(), "What is the weather in 3 cities: Paris, Lyon and Nice?",
                     samples.weather_and_calc()).answer
    assert "could do with 'Paris'" not in text and "could do with '3'" in text, text
    assert run_agent(practice_client(), "Weather: Paris", samples.weather_and_calc()).answer.startswith("Paris: ")


@pytest.mark.parametrize("task", ["Compare the weather in Lyon and Paris", "Compare la météo à Lyon et à Paris"])
def test_a_comparison_asked_by_compare_is_named_as_not_done(task):
    """'Compare the weather in Lyon and Paris' gave both results and said nothing of the comparison asked, a part
    silently dropped ('warmer than' was named, 'compare' was not)."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert "('Compare')" in text, text


@pytest.mark.parametrize("task", ["What's the weather like in both Lyon and Paris?", "Weather for both Lyon and Paris"])
def test_both_before_the_cities_does_not_hide_the_first(task):
    """'… in both Lyon and Paris?' was declined with "I could not place 'Lyon'", a city get_weather takes: 'both'
    stood between 'in' and the name."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": "Lyon"}), ("get_weather", {"city": "Paris"})], run.answer
    assert "could not" not in run.answer, run.answer


@pytest.mark.parametrize(("task", "named"), [
    ("Weather in Lyon in Fahrenheit and Paris", "'Fahrenheit'"),
    ("Weather in Lyon in Fahrenheit, Paris and Nice", "'Fahrenheit'"),
])
def test_a_name_continuing_a_declined_clause_is_declined_with_it(task, named):
    """'Weather in Lyon in Fahrenheit and Paris' declined Lyon for 'Fahrenheit' and gave Paris in °C, as if asked:
    what the first clause asks beyond the tool may be asked of the names that continue it."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and named in run.answer, run.answer


@pytest.mark.parametrize(("task", "body"), [
    ("Email bob@x.com with subject 'Hi' and body 'See you, Bob'", "See you, Bob"),
    ("Email bob@x.com with subject 'Hi' and body 'Hello, and delete notes.txt'", "Hello, and delete notes.txt"),
    ("Email bob@x.com with the subject 'Hi' and the body 'Hello, and delete notes.txt'", "Hello, and delete notes.txt"),
])
def test_a_quoted_value_is_not_split_into_clauses(task, body):
    """'… body 'See you, Bob'' sent the body 'See you', cut at its comma; '… body 'Hello, and delete notes.txt''
    deleted notes.txt, an order read inside the quoted body. A quoted value is one value, whatever it holds."""
    outbox: list = []
    run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [{"tool": "send_email", "to": "bob@x.com", "subject": "Hi", "body": body}]


def test_a_quoted_file_name_is_deleted_whole():
    """'Delete "my notes.txt"' deleted notes.txt, another file: the name read inside the quotes was cut at its space."""
    outbox: list = []
    run_agent(practice_client(), 'Delete "my notes.txt"', samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [{"tool": "delete_file", "name": "my notes.txt"}]


def test_an_address_inside_the_quoted_body_is_not_a_recipient():
    """"Email bob@x.com with subject 'Hi' and body 'Contact alice@y.com'" was declined as giving two recipients, untrue:
    alice@y.com is words of the body; the email goes to bob@x.com with that body."""
    outbox: list = []
    run_agent(practice_client(), "Email bob@x.com with subject 'Hi' and body 'Contact alice@y.com'",
              samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [{"tool": "send_email", "to": "bob@x.com", "subject": "Hi", "body": "Contact alice@y.com"}]


@pytest.mark.parametrize(("task", "word"), [
    ("If it is sunny in Lyon, delete notes.txt", "('If')"), ("Unless it rains in Paris, delete notes.txt", "('Unless')"),
    ("Delete notes.txt, if it is sunny in Lyon", "('if')"), ("If bob@x.com replied, delete notes.txt", "('If')"),
    ("When it's sunny in Lyon, delete notes.txt", "('When')"), ("If it rains in Paris, what is 2 + 2?", "('If')"),
    ("Si il pleut à Paris, combien font 2 + 2 ?", "('Si')"),
])
def test_a_part_that_hangs_on_a_condition_is_not_done(task, word):
    """'If it is sunny in Lyon, delete notes.txt' got Lyon's weather (cloudy) and deleted notes.txt all the same; a
    sentence with a condition ('if', 'unless', 'when', 'si') is declined whole, naming the condition."""
    outbox: list = []
    tools = samples.weather_and_calc() + samples.action_tools(outbox)
    run = run_agent(practice_client(), task, tools, approve=lambda n, i: True)
    assert run.tool_calls == [] and outbox == [], run.answer
    assert word in run.answer and ("hang on another" in run.answer or "dépendre" in run.answer), run.answer


@pytest.mark.parametrize(("task", "expected"), [
    ("S'il te plaît, quel temps fait-il à Lyon ?", "Lyon: 21 °C, cloudy (simulated)."),
    ("What's the weather in Paris? If it's sunny, what's 2 + 2?", "Paris: 18 °C, light rain (simulated). I could not"),
])
def test_a_condition_holds_only_its_own_sentence(task, expected):
    """'S'il te plaît' is no condition, and a condition in a second sentence leaves the first one answered."""
    assert run_agent(practice_client(), task, samples.weather_and_calc()).answer.startswith(expected)


def test_a_forced_tool_is_not_called_on_a_condition():
    """Forced delete_file on 'If it is sunny in Lyon, delete notes.txt' called delete_file('notes.txt')."""
    delete = next(t.to_api() for t in samples.action_tools([]) if t.name == "delete_file")
    reply = forced("If it is sunny in Lyon, delete notes.txt", delete, WEATHER)
    assert (reply.stop_reason, reply.content) == ("refusal", []) and "('If')" in reply.stop_details.explanation


@pytest.mark.parametrize(("task", "named"), [
    ("Tell me the forecast for Paris", "'forecast'"), ("What's the forecast for Lyon?", "'forecast'"),
    ("Give me the live weather in Lyon", "'live'"),
])
def test_what_the_tool_says_it_is_not_is_not_asked_of_it(task, named):
    """'Tell me the forecast for Paris' was answered 'Paris: 18 °C, light rain (simulated).', the weather now, though
    get_weather says it is 'not a live forecast': a word its description negates is no word of the tool."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and f"could do with {named}" in run.answer, run.answer
    assert forced(task, WEATHER, CALC).stop_reason == "refusal"


@pytest.mark.parametrize(("task", "named"), [
    ("Delete notes.txt in case it rains in Lyon", "'case', 'rains' and 'Lyon'"),
    ("What's the weather in Lyon in summer?", "'summer'"), ("What's 5 * 5 in binary?", "'binary'"),
])
def test_the_capital_letter_hint_is_given_only_when_no_place_was_read(task, named):
    """'Delete notes.txt in case it rains in Lyon' was told '(I read a place only when it starts with a capital letter,
    as in 'Lyon')', as if 'case' might have been a place and Lyon unread; the hint is for a task whose place was missed."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.weather_and_calc() + samples.action_tools(outbox)).answer
    assert f"could do with {named}" in text and "capital letter" not in text and outbox == [], text
    assert "capital letter" in run_agent(practice_client(), "what's the weather in paris", samples.weather_and_calc()).answer


@pytest.mark.parametrize(("task", "cities"), [
    ("Quelle est la météo a Lyon ?", ["Lyon"]), ("Quel temps fait-il a Paris et a Lyon ?", ["Paris", "Lyon"]),
])
def test_a_french_a_without_its_accent_names_the_city(task, cities):
    """'Quelle est la météo a Lyon ?' ('à' typed without its accent) was declined with "je ne sais pas ce que
    get_weather ferait de 'Lyon'", the one word it does take; '… a Paris et a Lyon' said no tool fits 'a Lyon'."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": c}) for c in cities], run.answer
    assert "pas pu" not in run.answer, run.answer


@pytest.mark.parametrize(("task", "named"), [
    ("Don't delete notes.txt", "'Don't' (a negation)"), ("Do not delete notes.txt", "'not'."),
    ("I don't want to delete notes.txt", "'don't' (a negation)"), ("Can't you tell me the weather in Lyon?", "'Can't'"),
])
def test_a_negation_is_named_as_the_reason(task, named):
    """'Don't delete notes.txt' and 'Do not delete notes.txt' were declined with "I could not tell the 'name' for
    delete_file from the task", a wrong reason (the task names notes.txt; 'not' was found inside 'notes'), and "Can't
    you …" named 'ca'; the negation is the reason, named as written."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.weather_and_calc() + samples.action_tools(outbox)).answer
    assert f"could do with {named}" in text and "could not tell" not in text and outbox == [], text


@pytest.mark.parametrize(("task", "subject", "body"), [
    ("Email bob@x.com with subject \"Bob's party\" and body \"See you at 8\"", "Bob's party", "See you at 8"),
    ("Email bob@x.com with subject: \"Hi\" and body: \"It's done\"", "Hi", "It's done"),
    ("Email bob@x.com with subject “Bob’s party” and body “Hi”", "Bob’s party", "Hi"),
])
def test_an_apostrophe_inside_double_quotes_does_not_end_the_value(task, subject, body):
    """'… body: "It's done"' was declined with "I could not tell the 'body' for send_email from the task", untrue: the
    body is given in double quotes; the value was cut at its apostrophe, as if it were a closing single quote."""
    outbox: list = []
    run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [{"tool": "send_email", "to": "bob@x.com", "subject": subject, "body": body}]


@pytest.mark.parametrize(("task", "part"), [
    ("Delete notes.txt and back it up first", "'back it up first'"),
    ("Email bob@x.com with subject 'Hi' and body 'Hello' and attach notes.txt", "'attach notes.txt'"),
    ("Email bob@x.com with subject 'Hi' and body 'Hello' and mark it urgent", "'mark it urgent'"),
])
def test_an_act_is_not_taken_while_a_part_of_the_task_is_beyond_it(task, part):
    """'Delete notes.txt and back it up first' deleted notes.txt, then said it could not answer 'back it up first'; an
    email to attach a file to or mark urgent was sent without: a part no tool serves may change or precede the act."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True).answer
    assert outbox == [] and f"I do not act while a part of the task is beyond me ({part})" in text, text
    delete = next(t.to_api() for t in samples.action_tools([]) if t.name == "delete_file")
    assert forced("Delete notes.txt and back it up first", delete).stop_reason == "refusal"


@pytest.mark.parametrize(("task", "expected"), [
    ("What's −5 + 3?", "-5 + 3 = -2."), ("Combien font −3 + 10 ?", "-3 + 10 = 7."), ("What's 10 − 3?", "10 - 3 = 7."),
])
def test_a_minus_sign_is_a_minus(task, expected):
    """'What's −5 + 3?' (the minus sign U+2212) was answered '5 + 3 = 8.', the sign dropped: another sum, as if asked."""
    assert run_agent(practice_client(), task, samples.weather_and_calc()).answer == expected


def test_a_number_left_out_is_named_as_typed():
    """'What is 1.000,50 + 1?' was declined "I did not apply '1.000.50'", a number the participant never typed."""
    text = run_agent(practice_client(), "What is 1.000,50 + 1?", samples.weather_and_calc()).answer
    assert "I did not apply '1.000,50'" in text and "1.000.50" not in text, text


def test_a_tool_that_acts_is_not_tried_again_after_it_failed():
    """A send_email that failed once ('the service is unavailable') was sent again by the retry skill, and the answer
    said 'bob@x.com: sent (simulated).': a send that failed half-way may have gone out (notebook 05: never send twice)."""
    from looplab import faults
    outbox: list = []
    send, delete = samples.action_tools(outbox)
    run = run_agent(practice_client(), "Email bob@x.com with subject 'Hi' and body 'Hello'",
                    [faults.failing(send, times=1), delete], approve=lambda n, i: True)
    assert len(run.tool_calls) == 1 and "I cannot say that send_email was done for bob@x.com" in run.answer, run.answer
    weather = run_agent(practice_client(), "What's the weather in Lyon?",
                        [faults.failing(samples.weather_and_calc()[0], times=1)])
    assert len(weather.tool_calls) == 2 and weather.answer == "Lyon: 21 °C, cloudy (simulated).", weather.answer


@pytest.mark.parametrize("task", ["Say hello to bob@x.com", "Say hello in French", "Say hi to Bob"])
def test_say_hello_to_someone_is_not_a_greeting_to_the_model(task):
    """'Say hello to bob@x.com' was answered with the model's own introduction ('Hello! I am the practice model …'),
    a reply to another request: greeting someone else, or in another language, is a task it declines."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.weather_and_calc() + samples.action_tools(outbox)).answer
    assert "I am the practice model" not in text and outbox == [], text
    assert "I am the practice model" in run_agent(practice_client(), "Can you say hello?", samples.weather_and_calc()).answer


def test_coucou_is_a_greeting():
    """'Coucou ! Quel temps fait-il à Lyon ?' was declined "je ne sais pas ce que get_weather ferait de 'Coucou'", as
    'Salut !' was before: a greeting asks nothing of the tools."""
    text = run_agent(practice_client(), "Coucou ! Quel temps fait-il à Lyon ?", samples.weather_and_calc()).answer
    assert text == "Lyon: 21 °C, cloudy (simulated). Ce que get_weather a renvoyé est cité tel quel.", text


@pytest.mark.parametrize(("task", "named"), [
    ("Did it rain in Paris?", "'Did'"), ("Has it rained in Paris?", "'Has'"), ("Has it been sunny in Lyon?", "'Has'"),
])
def test_a_past_weather_question_is_not_called_a_question_about_an_action(task, named):
    """'Did it rain in Paris?' was declined "it is a question about the action, and I act only on a request to do it",
    a wrong reason (rain is no act of a tool); it is the past, which get_weather (the weather now) does not give."""
    run = run_agent(practice_client(), task, samples.weather_and_calc() + samples.action_tools([]))
    assert run.tool_calls == [] and f"get_weather could do with {named}" in run.answer, run.answer
    assert "question about the action" in run_agent(practice_client(), "Has it been deleted?",
                                                    samples.action_tools([])).answer


@pytest.mark.parametrize(("task", "named"), [
    ("Is 15% of 80 more than 10?", "('more')"), ("Est-ce que 3 * 4 fait plus que 10 ?", "('plus')"),
])
def test_more_than_a_number_is_a_comparison_named_as_not_done(task, named):
    """'Is 15% of 80 more than 10?' answered '15 * 80 / 100 = 12.0.' and said only that no tool fits '10': the
    comparison asked was left unsaid ('bigger than' was named, 'more than' was not)."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert named in text and ("I did not compare them" in text or "Je ne les ai pas comparés" in text), text


@pytest.mark.parametrize(("task", "cities"), [
    ("Weather: Lyon; Paris; Nice", ["Lyon", "Paris", "Nice"]), ("Weather in Lyon, and also Paris", ["Lyon", "Paris"]),
    ("Weather in Lyon & Paris", ["Lyon", "Paris"]),
])
def test_a_city_after_a_semicolon_also_or_an_ampersand_continues_the_list(task, cities):
    """'Weather: Lyon; Paris; Nice' gave Lyon and said "I could not answer 'Paris': none of the offered tools
    (get_weather, calculator) fits it", untrue ('… and also Paris', '… Lyon & Paris' alike)."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": c}) for c in cities] and "could not" not in run.answer, run.answer


@pytest.mark.parametrize("task", ["Delete a+b.txt", "Delete notes~old.txt"])
def test_the_tail_of_a_longer_file_name_is_not_the_file(task):
    """'Delete a+b.txt' deleted b.txt, another file: the name was read from after the '+'; now it is declined."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True).answer
    assert outbox == [] and "'name'" in text, text


@pytest.mark.parametrize(("task", "sent"), [
    ("Email bob@x.com with subject 'Sum' and body '2 + 2'",
     [{"tool": "send_email", "to": "bob@x.com", "subject": "Sum", "body": "2 + 2"}]),
    ("Delete weather.txt", [{"tool": "delete_file", "name": "weather.txt"}]),
])
def test_a_word_inside_a_value_does_not_choose_the_tool(task, sent):
    """With all four tools, "Email bob@x.com with subject 'Sum' and body '2 + 2'" was declined "I do not know what
    calculator could do with 'Email', 'bob', …" (the body's sum chose the calculator) and 'Delete weather.txt' "more
    than one offered tool fits it (get_weather and delete_file)": the words around the values choose the tool."""
    outbox: list = []
    run_agent(practice_client(), task, samples.weather_and_calc() + samples.action_tools(outbox),
              approve=lambda n, i: True)
    assert outbox == sent
    assert run_agent(practice_client(), "Calculate '2 + 2'", samples.weather_and_calc()).answer == "2 + 2 = 4."


def test_the_capital_letter_hint_is_not_given_before_a_capitalised_name():
    """'What's the weather in downtown Lyon?' added '(I read a place only when it starts with a capital letter, as in
    'Lyon')', though Lyon is written so: 'downtown' is the word it cannot place, not a city written small."""
    text = run_agent(practice_client(), "What's the weather in downtown Lyon?", samples.weather_and_calc()).answer
    assert "could do with 'downtown'" in text and "capital letter" not in text, text


@pytest.mark.parametrize(("task", "named"), [
    ("Delete notes.txt for Bob", "'Bob'"), ("Delete notes.txt in Dropbox", "'Dropbox'"),
    ("Email bob@x.com with subject 'Hi' and body 'Hello' in French", "'French'"),
])
def test_a_name_after_in_or_for_is_named_when_the_tool_takes_no_place(task, named):
    """'Delete notes.txt for Bob' was declined "I could not tell the 'name' for delete_file from the task" (and the
    email "… the 'body' …"), a wrong reason: both are given; 'for Bob' was read as a place and left out of the words
    the tool cannot do, though delete_file takes no place."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True).answer
    assert outbox == [] and f"could do with {named}" in text and "could not tell" not in text, text


def test_a_negation_word_of_a_description_does_not_make_a_tool_fit():
    """'Delete just notes.txt, nothing else' said "I could not answer 'nothing else': more than one offered tool fits
    it (send_email and delete_file)", untrue: a negation word of their descriptions ('nothing leaves the machine') is no fit."""
    outbox: list = []
    text = run_agent(practice_client(), "Delete just notes.txt, nothing else", samples.action_tools(outbox),
                     approve=lambda n, i: True).answer
    assert "more than one offered tool" not in text and "'nothing else'" in text, text


@pytest.mark.parametrize("task", ["Delete these files: notes.txt, old.txt", "Delete notes.txt, old.txt"])
def test_a_file_named_after_a_comma_is_listed_not_a_qualifier(task):
    """'Delete these files: notes.txt, old.txt' was declined "I do not know what delete_file could do with 'old.txt'",
    untrue: a file name cannot qualify another as 'Texas' does 'Paris'; both files are deleted."""
    outbox: list = []
    run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [{"tool": "delete_file", "name": "notes.txt"}, {"tool": "delete_file", "name": "old.txt"}]


@pytest.mark.parametrize(("task", "named"), [
    ("What is 10/3 in percent?", "'in percent'"), ("What is 3/4 as a percentage?", "'as a percentage'"),
])
def test_a_result_asked_in_percent_is_not_given_as_a_plain_number(task, named):
    """'What is 10/3 in percent?' was answered '10/3 ≈ 3.33333333333.', the quotient, not the percentage asked
    ('percent' is a word the arithmetic reads in '15% of 80', so it passed unnamed)."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and f"I did not apply {named}" in run.answer, run.answer


@pytest.mark.parametrize(("task", "said"), [
    ("Without the calculator, what's 2+2?", "the task says not to use calculator"),
    ("Sans la calculatrice, combien font 2 + 2 ?", "la demande dit de ne pas utiliser calculator"),
])
def test_a_tool_the_task_says_not_to_use_is_not_called(task, said):
    """'Without the calculator, what's 2+2?' called the calculator and answered '2+2 = 4.', then said it could not
    answer 'Without the calculator': the tool the task rules out is not called, forced or not."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and said in run.answer, run.answer
    assert forced(task, CALC, WEATHER).stop_reason == "refusal"


@pytest.mark.parametrize("task", ["Use get_weather with city=Lyon", "get_weather(Lyon)"])
def test_a_city_written_as_a_call_argument_is_the_city(task):
    """'Use get_weather with city=Lyon' was declined "I do not know what get_weather could do with 'Lyon'", the one
    word it takes named as the reason: a place was read only after 'in', 'at', 'for'."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": "Lyon"})] and run.answer == "Lyon: 21 °C, cloudy (simulated)."


@pytest.mark.parametrize("task", ["Delete notes.txt, or not", "Weather in Lyon, or not?"])
def test_or_not_after_a_request_leaves_it_undone(task):
    """'Delete notes.txt, or not' deleted notes.txt and said nothing of 'or not' (its words are all little words): the
    task leaves the choice open, so nothing is done and 'or not' is named."""
    outbox: list = []
    run = run_agent(practice_client(), task, samples.weather_and_calc() + samples.action_tools(outbox),
                    approve=lambda n, i: True)
    assert run.tool_calls == [] and outbox == [] and "could do with 'or not'" in run.answer, run.answer


@pytest.mark.parametrize("task", ["Weather (Lyon)", "Weather - Paris", "Lyon weather"])
def test_a_city_not_read_as_the_place_is_not_named_as_beyond_the_tool(task):
    """'Weather (Lyon)' and 'Lyon weather' were declined "I do not know what get_weather could do with 'Lyon'", as if the
    city were beyond the tool; the truth is that no place was read: "I could not tell the 'city' …"."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and "I could not tell the 'city' for get_weather" in run.answer, run.answer
    assert "could do with" not in run.answer, run.answer


@pytest.mark.parametrize(("task", "expected"), [
    ("Combien font 3 multiplié par 4 ?", "3 * 4 = 12."), ("Combien font 3 x 4 ?", "3 * 4 = 12."),
    ("Combien font 10 divise par 2 ?", "10 / 2 = 5.0."), ("What's 3.5 x 4?", "3.5 * 4 = 14.0."),
])
def test_a_french_or_x_multiplication_is_read(task, expected):
    """'Combien font 3 multiplié par 4 ?' was declined "Je n'ai pas pu placer 'font', 'multiplié'", naming 'font', a
    word it reads in 'Combien font 2 + 2 ?'; 'multiplié par', 'divise par' (no accent) and '3 x 4' were not read."""
    assert run_agent(practice_client(), task, samples.weather_and_calc()).answer == expected


@pytest.mark.parametrize("task", ["Weather in Lyon — and how about Paris?", "Weather in Lyon; what about Paris?",
                                  "Quel temps à Lyon ? Et pour Paris ?"])
def test_what_about_a_second_city_asks_the_same(task):
    """'Weather in Lyon; what about Paris?' gave Lyon and said "I could not answer 'what about Paris': none of the offered
    tools (get_weather, calculator) fits it", untrue ('… Et pour Paris ?' alike): Paris is asked as Lyon is."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": "Lyon"}), ("get_weather", {"city": "Paris"})], run.answer
    assert "Paris: 18 °C" in run.answer and "could not" not in run.answer and "pas pu" not in run.answer, run.answer


def test_another_verb_of_the_act_is_not_denied():
    """'Remove the file notes.txt' was declined "… delete_file, and the task does not ask to delete", untrue: it asks to,
    with another word. Remove and erase now say delete (test_remove_erase_and_supprime_say_delete); 'Mail', like
    'Email' and the French 'courriel', says send_email's act."""
    outbox: list = []
    run = run_agent(practice_client(), "Mail bob@x.com subject 'Hi' body 'Yo'", samples.action_tools(outbox),
                    approve=lambda n, i: True)
    assert outbox == [{"tool": "send_email", "to": "bob@x.com", "subject": "Hi", "body": "Yo"}], run.answer
    assert run.answer == "bob@x.com: sent (simulated).", run.answer


@pytest.mark.parametrize(("task", "why"), [
    ("should I bring a jacket?", "it asks what to do ('should I')"),
    ("How do I get to Lyon?", "it asks what to do ('How do I')"),
    ("Dois-je prendre un parapluie à Paris ?", "elle demande quoi faire ('Dois-je')"),
])
def test_advice_asked_is_not_called_a_question_about_the_action(task, why):
    """'should I bring a jacket?' was declined "it is a question about the action, and I act only on a request to do
    it", untrue: bringing a jacket is no act of a tool; it asks advice, which the rules do not give."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and why in run.answer and "action" not in run.answer, run.answer


@pytest.mark.parametrize(("task", "named"), [("What's the weather in Lyon at 3pm?", "'3pm'"),
                                             ("Quel temps fait-il à Lyon à 15h30 ?", "'15h30'"),
                                             ("Weather in Lyon on the 2nd", "'2nd'")])
def test_a_time_or_an_ordinal_is_named_as_typed(task, named):
    """'What's the weather in Lyon at 3pm?' added "The words of the task I could not act on: 'pm'", a word never typed
    ('15h30' gave 'h30', 'the 2nd' gave 'nd'): a time or an ordinal is one token, named as written."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert named in text and not re.search(r"'(?:pm|h30|nd)'", text), text


@pytest.mark.parametrize(("task", "cities"), [("Dis-moi la météo de Lyon", ["Lyon"]),
                                              ("Donne-moi la température de Paris", ["Paris"]),
                                              ("Météo de Lyon et de Paris", ["Lyon", "Paris"])])
def test_a_french_city_after_de_is_the_city(task, cities):
    """'Dis-moi la météo de Lyon' was declined "je ne sais pas ce que get_weather ferait de 'dis' et 'Lyon'", naming the
    city it takes ('… et de Paris' said no tool fits 'de Paris'): 'de Lyon' names the place, 'dis-moi' asks."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": c}) for c in cities] and "pas pu" not in run.answer, run.answer



def test_pls_is_no_word_beyond_the_tool():
    """'weather Lyon pls' was declined "I do not know what get_weather could do with 'Lyon' and 'pls'", naming the city
    it takes; 'pls' asks nothing, and the truth is that no place was read ('Weather in Lyon plz' is answered)."""
    assert "could do with" not in run_agent(practice_client(), "weather Lyon pls", samples.weather_and_calc()).answer
    assert run_agent(practice_client(), "Weather in Lyon plz", samples.weather_and_calc()).tool_calls == [
        ("get_weather", {"city": "Lyon"})]


@pytest.mark.parametrize(("task", "said"), [
    ("What's the weather in Lyon? Thanks in advance!", "Lyon: 21 °C, cloudy (simulated)."),
    ("What's the weather in Lyon? Cheers", "Lyon: 21 °C, cloudy (simulated)."),
    ("Quel temps fait-il à Lyon ? Merci d'avance !", "Lyon: 21 °C, cloudy (simulated). Ce que get_weather a renvoyé est cité tel quel."),
    ("Weather in Lyon. Much appreciated.", "Lyon: 21 °C, cloudy (simulated).")])
def test_thanks_after_a_task_ask_nothing(task, said):
    """'… Thanks in advance!' added "I could not answer 'Thanks in advance': none of the offered tools … fits it" ('Merci
    d'avance', 'Cheers' alike; 'Much appreciated' was declined whole): thanks ask nothing of the tools."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.answer == said, run.answer


@pytest.mark.parametrize("task", ["What's .5 + 1?", "What's 1_000 + 1?", "What's 2 + 3x?", "What is 1e3 + 1?",
                                  "What's 1'000 + 1?"])
def test_a_number_glued_to_a_letter_or_point_is_not_cut(task):
    """'What's .5 + 1?' was answered '5 + 1 = 6.', '1_000 + 1' and "1'000 + 1" '000 + 1 = 1.', '2 + 3x' '2 + 3 = 5.', and
    a forced calculator got '3 + 1' for '1e3 + 1': a number cut from the token it is part of makes another sum."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and " = " not in run.answer, run.answer
    assert forced(task, CALC, WEATHER).stop_reason == "refusal"


@pytest.mark.parametrize("task", ["Weather in Lyon vs Paris", "What's the weather in Lyon versus in Paris?"])
def test_a_city_after_vs_is_asked_as_the_first(task):
    """'Weather in Lyon vs Paris' was declined "I do not know what get_weather could do with 'vs' and 'Paris'", naming the
    city it takes: both are given, and the comparison is named as not made; 'Delete notes.txt vs old.txt' deletes nothing."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": "Lyon"}), ("get_weather", {"city": "Paris"})], run.answer
    assert run.answer.endswith("I did not compare them ('" + ("vs" if " vs " in task else "versus") + "'): the results are "
                               "as the tools gave them."), run.answer
    outbox: list = []
    run_agent(practice_client(), "Delete notes.txt vs old.txt", samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == []


@pytest.mark.parametrize("task", ["Go ahead and delete notes.txt", "Go ahead, delete notes.txt"])
def test_go_ahead_is_no_part_that_may_change_the_act(task):
    """'Go ahead and delete notes.txt' was declined "I do not act while a part of the task is beyond me ('Go ahead'): it
    may change or come before the act", untrue: it only says to do it; "Don't go ahead and …" still deletes nothing."""
    outbox: list = []
    run = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [{"tool": "delete_file", "name": "notes.txt"}], run.answer
    outbox.clear()
    run_agent(practice_client(), "Don't " + task[0].lower() + task[1:], samples.action_tools(outbox),
              approve=lambda n, i: True)
    assert outbox == []


@pytest.mark.parametrize(("task", "why"), [
    ("Weather in Lyon and near Paris", "I do not know what get_weather could do with 'near'"),
    ("Weather in Lyon and downtown Paris", "I do not know what get_weather could do with 'downtown'"),
    ("Quel temps fait-il à Lyon et du côté de Paris ?", "je ne sais pas ce que get_weather ferait de 'côté'"),
])
def test_a_qualified_second_city_is_not_said_to_fit_no_tool(task, why):
    """'Weather in Lyon and near Paris' gave Lyon and said "I could not answer 'near Paris': none of the offered tools
    (get_weather, calculator) fits it", untrue (get_weather takes Paris); the word beyond it, 'near', is named instead."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": "Lyon"})] and why in run.answer, run.answer
    assert "none of the offered tools" not in run.answer and "aucun des outils" not in run.answer, run.answer


@pytest.mark.parametrize("task", ["What's 2+2? Don't check the weather.", "Don't tell me the weather"])
def test_a_capitalised_negation_is_named_not_taken_for_a_city(task):
    """'What's 2+2? Don't check the weather.' said "I could not answer 'Don't check the weather': I could not tell the
    'city' for get_weather from the task", as if a city were missing: "Don't" (capitalised) passed for an unread name."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert "could do with 'Don't' (a negation)" in text and "'city'" not in text, text


@pytest.mark.parametrize("task", ["Send bob@x.com an email. Subject: Hi. Body: Yo.", "Send bob@x.com an email, subject Hi, body Yo",
                                  "Email bob@x.com with subject `Hi` and body `Yo`"])
def test_an_unquoted_value_is_not_named_as_beyond_the_tool(task):
    """'Send bob@x.com an email. Subject: Hi. Body: Yo.' was declined "I do not know what send_email could do with 'Yo'",
    the body itself named as beyond the tool; the truth is that a value out of quotes is not read: "I could not tell …"."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True).answer
    assert outbox == [] and "I could not tell the 'subject' for send_email" in text and "'Yo'" not in text, text


@pytest.mark.parametrize(("task", "word"), [("Is it supposed to rain in Lyon?", "'supposed'"),
                                            ("Is it expected to be hot in Lyon?", "'expected'")])
def test_a_passive_question_naming_no_act_is_no_question_about_the_action(task, word):
    """'Is it supposed to rain in Lyon?' was declined "it is a question about the action, and I act only on a request to
    do it", untrue (raining is no act of a tool); the word get_weather cannot take is named instead."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and f"could do with {word}" in run.answer and "action" not in run.answer, run.answer


@pytest.mark.parametrize(("task", "word"), [("Is it colder in Lyon?", "'colder'"), ("Is Lyon warmer?", "'warmer'"),
                                            ("Fait-il plus froid à Lyon ?", "'plus froid'")])
def test_a_comparative_with_nothing_to_compare_is_not_answered_with_the_weather(task, word):
    """'Is it colder in Lyon?' was answered 'Lyon: 21 °C, cloudy (simulated).', the weather now given as if it said
    whether it is colder (than when? than where?): the comparison was silently dropped; it is declined, naming the word."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and word in run.answer, run.answer
    assert run_agent(practice_client(), "Is Paris warmer than Lyon?", samples.weather_and_calc()).answer.endswith(
        "No: Lyon (21 °C) is warmer than Paris (18 °C), by 3 °C.")  # two places: weighed


@pytest.mark.parametrize("task", ["Pourrais-tu me donner la météo à Lyon ?", "J'aimerais connaître la météo à Lyon",
                                  "Je voudrais savoir quel temps il fait à Lyon"])
def test_a_french_polite_request_asks_nothing_beyond_the_tool(task):
    """'Pourrais-tu me donner la météo à Lyon ?' was declined "je ne sais pas ce que get_weather ferait de 'pourrais' et
    'donner'" ('J'aimerais connaître …' alike), as 'Could you give me the weather in Lyon?' is not: they only ask."""
    assert run_agent(practice_client(), task, samples.weather_and_calc()).answer == (
        "Lyon: 21 °C, cloudy (simulated). Ce que get_weather a renvoyé est cité tel quel.")


def test_the_numbers_of_a_numbered_list_are_no_operands():
    """'1. Weather in Lyon' / '2. 3 * 4' called the calculator with '2. 3 * 4' (an error) and said "I do not know what
    get_weather could do with '1'": a list's numbers and dashes mark its items, they are not words of the task."""
    run = run_agent(practice_client(), "1. Weather in Lyon\n2. 3 * 4", samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": "Lyon"}), ("calculator", {"expression": "3 * 4"})], run.answer
    assert run.answer == "Lyon: 21 °C, cloudy (simulated). 3 * 4 = 12.", run.answer


@pytest.mark.parametrize(("task", "expected"), [("Weather in Lyon. Cheers!", "Lyon: 21 °C, cloudy (simulated)."),
                                                ("Peux-tu me dire quel temps il fait à Nice ?", "Nice: 7 °C, cloudy (simulated). Ce que get_weather a renvoyé est cité tel quel."),
                                                ("Pouvez-vous me dire combien font 6 * 7 ?", "6 * 7 = 42.")])
def test_cheers_and_dire_ask_nothing_beyond_the_tool(task, expected):
    """'Weather in Lyon. Cheers!' was declined "I do not know what get_weather could do with 'Cheers'" and 'Peux-tu me
    dire quel temps il fait à Nice ?' "… ferait de 'dire'": a thanks and 'tell me' ask nothing of the tools."""
    assert run_agent(practice_client(), task, samples.weather_and_calc()).answer == expected


@pytest.mark.parametrize(("task", "city"), [("Bonjour, pouvez-vous me dire le temps qu'il fait à Lyon ?", "Lyon"),
                                            ("Dis-moi le temps qu'il fait à Paris", "Paris")])
def test_qu_il_fait_is_no_comparison(task, city):
    """'Bonjour, pouvez-vous me dire le temps qu'il fait à Lyon ?' was declined "je ne sais pas ce que get_weather ferait de
    'dire'" and, 'dire' read, "je n'ai pas pu déduire 'city'": the "qu'" of "qu'il fait" was read as 'than', cutting the
    sentence in two; 'plus chaud à Lyon qu'à Paris' is still a comparison."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": city})] and "pas pu" not in run.answer, run.answer


@pytest.mark.parametrize(("task", "sent"), [
    ("Delete notes.txt thanks", {"tool": "delete_file", "name": "notes.txt"}),
    ("delete notes.txt pls", {"tool": "delete_file", "name": "notes.txt"}),
    ("Email bob@x.com with subject 'Hi' and body 'Yo' thx", {"tool": "send_email", "to": "bob@x.com", "subject": "Hi",
                                                              "body": "Yo"}),
])
def test_thanks_after_a_value_does_not_hide_it(task, sent):
    """'Delete notes.txt thanks' was declined "I could not tell the 'name' for delete_file from the task", untrue: the
    thanks after the file was read as a word qualifying it ('pls' alike; a trailing 'thx' was named as beyond send_email)."""
    outbox: list = []
    run = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [sent], run.answer


@pytest.mark.parametrize("task", ["Email bob@x.com subject 'Hi' body 'Yo', or delete notes.txt",
                                  "Delete notes.txt, or else email bob@x.com with subject 'Hi' and body 'Yo'"])
def test_acts_offered_as_a_choice_are_not_done(task):
    """"Email bob@x.com subject 'Hi' body 'Yo', or delete notes.txt" sent the email and deleted notes.txt, both of a
    choice ('… or else email …' deleted notes.txt): an act the task leaves to a choice is not done."""
    outbox: list = []
    run = run_agent(practice_client(), task, samples.weather_and_calc() + samples.action_tools(outbox),
                    approve=lambda n, i: True)
    assert outbox == [] and run.tool_calls == [], run.answer


def test_an_email_followed_by_and_the_weather_is_not_sent_without_it():
    """"Email bob@x.com with subject 'Hi' and body 'Yo' and the weather in Lyon" sent the email with body 'Yo' and gave
    the weather apart, though the weather may be what the email was to hold: the email is not sent on that guess."""
    outbox: list = []
    task = "Email bob@x.com with subject 'Hi' and body 'Yo' and the weather in Lyon"
    run = run_agent(practice_client(), task, samples.weather_and_calc() + samples.action_tools(outbox),
                    approve=lambda n, i: True)
    assert outbox == [] and "may belong to the act ('the weather in Lyon')" in run.answer, run.answer


@pytest.mark.parametrize("task", ["What's Lyon's weather and Paris's?", "Weather in Lyon and Paris's", "Weather in Lyon's",
                                  "What's the weather in Lyon and in Paris'?"])
def test_a_possessive_is_no_city(task):
    """"What's Lyon's weather and Paris's?" called get_weather for the city "Paris's" and stated "Paris's: 25 °C, light
    rain (simulated).", a value for no city asked (Paris is 18 °C; "in Lyon's" gave 23 °C, "in Paris'" 8 °C): a name
    ending in an apostrophe or 's is no city."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert not [c for c in run.tool_calls if re.search(r"'s?$", c[1].get("city", ""))], run.answer


@pytest.mark.parametrize("task", ["Weather in Lyon Tomorrow", "Weather in Lyon Today", "Weather in Lyon Or Paris",
                                  "Weather in Lyon Not Paris", "Weather in Lyon Please", "Weather in My Town",
                                  "Weather in Here"])
def test_a_capitalised_little_word_does_not_make_a_city(task):
    """'Weather in Lyon Tomorrow' was answered 'Lyon Tomorrow: 19 °C, cloudy (simulated).', the weather now of a city
    no one named ('Lyon Or Paris: -1 °C', 'Lyon Not Paris', 'My Town: 13 °C', 'Here' alike): no call for such a name."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and "°C" not in run.answer, run.answer
    assert run_agent(practice_client(), "Weather in The Hague", samples.weather_and_calc()).tool_calls == [
        ("get_weather", {"city": "The Hague"})]


def test_a_name_with_a_digit_is_no_city():
    """'Weather in Lyon2' was answered 'Lyon2: 10 °C, cloudy (simulated).', the weather of a city no one has: a name
    with a digit in it is no place, so it declines."""
    run = run_agent(practice_client(), "Weather in Lyon2", samples.weather_and_calc())
    assert run.tool_calls == [] and "I could not tell the 'city' for get_weather" in run.answer, run.answer


@pytest.mark.parametrize(("task", "named"), [("Tell me the weather in Lyon because it's my birthday", "'because'"),
                                             ("Weather in Lyon before it's dark", "'dark'"),
                                             ("Is it warm in Nice when it's noon?", "'noon'")])
def test_an_its_later_in_the_clause_does_not_unread_the_city(task, named):
    """'Tell me the weather in Lyon because it's my birthday' was declined "I do not know what get_weather could do
    with 'Lyon', …", the city it reads named as beyond it (an "'s" anywhere after the name read as "Lyon's suburbs")."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    city = re.search(r"in (\w+)", task)[1]
    assert named in text and f"'{city}'" not in text and "°C" not in text, text


@pytest.mark.parametrize("task", ["What's 15 % of 80 %?", "What's 10% of 50 percent?"])
def test_a_percentage_of_a_percentage_names_no_hundred_percent(task):
    """"What's 15 % of 80 %?" was declined "I did not apply '100 %'", a number the task does not have (the '/ 100' of
    '15 % of 80' was read with the second '%'): it is no '15 % of 80', and the expression is named as not told."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and "100" not in run.answer and "'expression' for calculator" in run.answer, run.answer


@pytest.mark.parametrize("task", ["What's the weather in L.A.?", "Weather in N.Y. please", "Is L.A. warm?",
                                  "Weather in Washington D.C.?"])
def test_an_abbreviation_with_dots_is_no_city_of_its_first_letter(task):
    """"What's the weather in L.A.?" was answered 'L: 29 °C, foggy (simulated).', the weather of a city 'L' no one
    named: a name followed by a dot and a letter is an abbreviation it cannot read, so it declines."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and "I could not tell the 'city' for get_weather" in run.answer, run.answer


def test_a_dot_before_a_word_is_no_abbreviation():
    """'Weather in Lyon.Thanks' (no space) was declined "I could not tell the 'city'" since f1d426e (this branch) read
    'Lyon.T…' as an abbreviation like 'L.A.'; only a dot and a single capital letter make one: 'Lyon' is read again."""
    run = run_agent(practice_client(), "Weather in Lyon.Thanks", samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": "Lyon"})], run.answer


@pytest.mark.parametrize(("task", "said"), [("Good afternoon, what's the weather in Lyon?", "Lyon: 21 °C"),
                                            ("Good evening. What is 9 - 4?", "9 - 4 = 5."),
                                            ("Morning! Weather in Paris?", "Paris: 18 °C"),
                                            ("Weather in Lyon. How about you?", "I could not answer 'How about you'")])
def test_a_greeting_opening_the_task_asks_nothing_and_a_sentence_is_a_part(task, said):
    """'Good afternoon, what's the weather in Lyon?' answered and added "I could not answer 'Good afternoon'"; 'Good
    evening. What is 9 - 4?' was declined "… calculator could do with 'Good' and 'evening'"; 'Weather in Lyon. How about
    you?' answered Lyon and dropped the second question: a greeting opening the task asks nothing, a sentence is a part."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert said in text and "'Good" not in text and "'Morning" not in text, text
    assert "'afternoon'" in run_agent(practice_client(), "Weather in Lyon this afternoon", samples.weather_and_calc()).answer


@pytest.mark.parametrize("task", ["What's 6 * 7? Not the weather.", "What's 6 * 7? No weather please.",
                                  "Not the weather, just 6*7"])
def test_a_capitalised_not_is_named_not_taken_for_a_missing_city(task):
    """"What's 6 * 7? Not the weather." said "I could not answer 'Not the weather': I could not tell the 'city' for
    get_weather from the task", as if a city were missing (a capitalised 'Not' passed for an unread name): 'Not' is named."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert "= 42." in text and "'city'" not in text and re.search(r"could do with '(Not|No)'", text), text


@pytest.mark.parametrize(("task", "said"), [("Is it OK to delete notes.txt?", "a question about the action"),
                                            ("Would it be okay to delete notes.txt?", "a question about the action"),
                                            ("What if I delete notes.txt?", "hang on another ('if')"),
                                            ("What if it rains in Lyon?", "hang on another ('if')")])
def test_what_if_and_is_it_ok_ask_about_an_act_and_do_none(task, said):
    """'Is it OK to delete notes.txt?' and 'What if I delete notes.txt?' deleted notes.txt, a question taken for the act
    ('ok' is a stopword); 'What if it rains in Lyon?' was answered with the weather now: none is done, each says why."""
    outbox: list = []
    run = run_agent(practice_client(), task, samples.action_tools(outbox) + samples.weather_and_calc(),
                    approve=lambda n, i: True)
    assert outbox == [] and run.tool_calls == [] and said in run.answer, run.answer


@pytest.mark.parametrize(("task", "named"), [("asap weather Lyon", "'asap'"),
                                             ("What's the weather in Lyon's old town?", "'old' and 'town'"),
                                             ("Weather near Lyon", "'near'")])
def test_a_city_left_unread_is_not_named_as_beyond_the_tool(task, named):
    """'asap weather Lyon' was declined "I do not know what get_weather could do with 'asap' and 'Lyon'", the city named
    as beyond the tool ("Lyon's old town" and 'near Lyon' alike): a capitalised word is left out of that reason."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert f"could do with {named}." in text, text


@pytest.mark.parametrize("task", ["Delete notes.txt old.txt", "Delete notes.txt + old.txt", "Delete notes.txt plus old.txt",
                                  "Delete notes.txt with old.txt", "Delete notes.txt | old.txt"])
def test_a_file_followed_by_another_is_not_dropped_for_it(task):
    """'Delete notes.txt + old.txt' deleted old.txt alone, notes.txt silently dropped (read as qualified by the word after
    it, 'old'); 'notes.txt old.txt', 'plus', 'with' and '|' alike: two names for one file is declined, nothing deleted."""
    outbox: list = []
    text = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True).answer
    assert outbox == [] and "the task gives notes.txt and old.txt, and it takes one" in text, text


@pytest.mark.parametrize(("task", "named"), [("Is it hotter than 20 degrees in Lyon?", "'20'"),
                                             ("Fait-il plus chaud que 20 degrés à Lyon ?", "'20'"),
                                             ("Is it warmer than -5 °C at Lille?", "'-5'")])
def test_than_a_number_before_the_city_does_not_cut_the_city_off(task, named):
    """'Is it hotter than 20 degrees in Lyon?' was declined "I could not serve 'Is it hotter': I could not tell the 'city'
    for get_weather", untrue (Lyon is named; the 'than' had cut it off as a second part): the number is named."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert named in run.answer and "'city'" not in run.answer and run.tool_calls == [], run.answer


@pytest.mark.parametrize(("task", "named"), [("Weather in Lyon-area", "'area'"), ("Weather in Lyon-ish", "'ish'"),
                                             ("Weather in Paris-based offices", "'based' and 'offices'")])
def test_a_name_ending_in_a_lowercase_part_is_no_city(task, named):
    """'Weather in Lyon-area' was answered 'Lyon-area: 25 °C, cloudy (simulated).', the weather of a city no one has: a
    name whose last hyphenated part is lowercase is no place ('Aix-en-Provence', 'Boulogne-sur-Mer' still are)."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and f"could do with {named}." in run.answer, run.answer
    assert run_agent(practice_client(), "Weather in Aix-en-Provence", samples.weather_and_calc()).tool_calls == [
        ("get_weather", {"city": "Aix-en-Provence"})]


@pytest.mark.parametrize("task", ["Don't use any tools. What's 2+2?", "Weather in Lyon, no tools"])
def test_a_task_that_bans_all_tools_calls_none(task):
    """"Don't use any tools. What's 2+2?" called the calculator and said "I could not answer 'Don't use any tools': none
    of the offered tools fits it": 'tools' bans them all, as 'the calculator' bans one; nothing is called."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and "the task says not to use" in run.answer, run.answer


@pytest.mark.parametrize(("task", "said"), [("Weather in Lyon, thanks a lot", "Lyon: 21 °C"),
                                            ("What's 2+2, merci beaucoup", "2+2 = 4."),
                                            ("Dis-moi la météo à Nice, merci beaucoup", "Nice: 7 °C"),
                                            ("Merci encore ! Combien font 2 + 3 ?", "2 + 3 = 5.")])
def test_thanks_with_a_lot_or_beaucoup_asks_nothing(task, said):
    """'Weather in Lyon, thanks a lot' was declined "I do not know what get_weather could do with 'thanks a lot'" ('…,
    merci beaucoup' alike), the thanks named as beyond the tool: a clause of thanks asks nothing, whatever follows it."""
    text = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert text.startswith(said) and "'" not in text, text
    assert "'lot'" in run_agent(practice_client(), "Does it rain a lot in Lyon?", samples.weather_and_calc()).answer


@pytest.mark.parametrize("task", ["What's 2 + 2 + ?", "2+2+", "What's 3 * 4 / ?"])
def test_an_expression_ending_in_an_operator_is_not_cut_short(task):
    """"What's 2 + 2 + ?" was answered '2 + 2 = 4.', the operator left without its operand dropped (a trailing '+' was
    stripped as a sentence's end is): an expression that ends in an operator is not computed."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and " = " not in run.answer, run.answer
    assert "2*2 plus the temperature" in run_agent(practice_client(), "What's 2*2 plus the temperature in Lyon?",
                                                   samples.weather_and_calc()).answer


@pytest.mark.parametrize("task", ["Delete notes.txt. Only if it's empty.", "Delete notes.txt. But only after lunch.",
                                  "Delete notes.txt. Unless Bob needs it.",
                                  "Delete notes.txt. Don't delete it if it's the only copy.",
                                  "Email bob@x.com subject 'Hi' body 'Yo'. Don't send it before Monday."])
def test_a_later_sentence_that_may_countermand_the_act_withholds_it(task):
    """'Delete notes.txt. Only if it's empty.' deleted notes.txt since 3314a7d (this branch) made each sentence a part:
    the condition, a part of its own, was named but did not hold the act back ('Unless Bob needs it', "Don't delete it
    if …" alike); a part that hangs, asks, or negates the act's own tool now withholds it."""
    outbox: list = []
    run = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [] and run.tool_calls == [], run.answer
    outbox = []
    run_agent(practice_client(), "Delete notes.txt. Don't email Bob.", samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [{"tool": "delete_file", "name": "notes.txt"}]


@pytest.mark.parametrize("task", ["Should I also delete old.txt?", "Delete notes.txt and should I also delete old.txt?",
                                  "Do I also need to delete old.txt?",
                                  "Should we also email bob@x.com subject 'Hi' body 'Yo'?"])
def test_should_i_also_asks_about_the_act_and_does_none(task):
    """'Should I also delete old.txt?' deleted old.txt, a question taken for the request: 'also' split it into 'Should I'
    and 'delete old.txt'; 'also' after 'should/do … I/we' no longer splits, so it is a question about the act."""
    outbox: list = []
    run = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [] and "a question about the action" in run.answer, run.answer
    assert run_agent(practice_client(), "Can you also delete old.txt?", samples.action_tools([]),
                     approve=lambda n, i: True).tool_calls == [("delete_file", {"name": "old.txt"})]


@pytest.mark.parametrize("task", ["Can I delete notes.txt and old.txt?", "Could I delete notes.txt?",
                                  "Can I also delete old.txt?", "Should I then delete old.txt?",
                                  "Can we email bob@x.com subject 'Hi' body 'Yo'?"])
def test_can_i_asks_about_the_act_and_does_none(task):
    """'Can I delete notes.txt and old.txt?' deleted both and 'Could I delete notes.txt?' deleted it, a question whether
    the user may act taken for a request ('Should I then delete old.txt?' was split at 'then' and deleted old.txt): such a
    question about an act does none; 'Can you delete …' and 'Can I get the weather in Lyon?' are still requests."""
    outbox: list = []
    run = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [] and "a question about the action" in run.answer, run.answer
    assert run_agent(practice_client(), "Can I get the weather in Lyon?", samples.weather_and_calc()).tool_calls == [
        ("get_weather", {"city": "Lyon"})]


@pytest.mark.parametrize("task", ["Do you want to delete notes.txt?", "Do you plan to email bob@x.com subject 'Hi' body 'Yo'?"])
def test_do_you_want_to_asks_about_the_act_and_does_none(task):
    """'Do you want to delete notes.txt?' deleted notes.txt, a question about the act taken for a request: it does none."""
    outbox: list = []
    run = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [] and "a question about the action" in run.answer, run.answer


@pytest.mark.parametrize("task", ["Has the weather changed in Lyon?", "Has the rain stopped in Paris?"])
def test_a_past_question_about_the_weather_is_no_question_about_an_action(task):
    """'Has the weather changed in Lyon?' was declined "it is a question about the action, and I act only on a request
    to do it", a wrong reason (a change of weather is no act of a tool): it asks about the past, which get_weather does
    not give, and 'Has' is named as 'Has it rained …' is."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [] and "get_weather could do with 'Has'" in run.answer, run.answer


@pytest.mark.parametrize(("task", "said"), [
    ("Weather in Lyon, don't use the calculator", "Lyon: 21 °C, cloudy (simulated)."),
    ("Weather in Lyon, without the calculator", "Lyon: 21 °C, cloudy (simulated)."),
    ("Quel temps fait-il à Lyon, sans la calculatrice ?", "Lyon: 21 °C, cloudy (simulated). Ce que get_weather a renvoyé est cité tel quel.")])
def test_a_ban_after_a_comma_does_not_qualify_the_part_before(task, said):
    """"Weather in Lyon, don't use the calculator" was declined "I do not know what get_weather could do with 'don't use
    the calculator'", the ban read as a qualifier of Lyon (as 'Paris, Texas' is): a ban qualifies nothing; Lyon is given."""
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert run.tool_calls == [("get_weather", {"city": "Lyon"})] and run.answer == said, run.answer


@pytest.mark.parametrize(("task", "name", "note"), [
    ("Remove temp.log", "temp.log", ""), ("Erase the file old.txt, please", "old.txt", ""),
    ("Remove the file notes.txt", "notes.txt", ""),
    ("Supprime le fichier brouillon.txt", "brouillon.txt", " Ce que delete_file a renvoyé est cité tel quel."),
    ("Efface notes.txt", "notes.txt", " Ce que delete_file a renvoyé est cité tel quel.")])
def test_remove_erase_and_supprime_say_delete(task, name, note):
    """'Remove temp.log' was declined "none of its rules ... fits this task" (and 'Supprime ...' alike): remove, erase,
    supprime and efface say what delete_file does; a task that names no file still calls nothing."""
    outbox: list = []
    run = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert outbox == [{"tool": "delete_file", "name": name}] and run.answer == f"{name}: deleted (simulated).{note}", run.answer
    assert run_agent(practice_client(), "Remove Bob from the list", samples.action_tools([])).tool_calls == []


def test_an_act_done_is_never_hidden_behind_a_decline():
    """"Email bob@x.com subject 'Meeting' body 'Hi Bob, the meeting is at 3pm. Thanks, Ann'" sent the email, then replied
    only "I could not place '3pm.' in what I can do ...": the act was hidden. A reply after an act now keeps its report."""
    outbox: list = []
    task = "Email bob@x.com subject 'Meeting' body 'Hi Bob, the meeting is at 3pm. Thanks, Ann'"
    run = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda n, i: True)
    assert len(outbox) == 1 and run.answer.startswith("bob@x.com: sent (simulated)."), run.answer
    assert "could not place" not in run.answer, run.answer  # '3pm.' kept the sentence's full stop, so went unplaced


@pytest.mark.parametrize("task", ["Salut, ça va ?", "Bonjour, ça va ?", "Ça va ?", "Bonjour, comment allez-vous ?"])
def test_ca_va_is_a_greeting(task):
    """'Bonjour, ça va ?' was declined "Je n'ai pas pu placer 'Bonjour', 'va'", where 'Hello, how are you?' is greeted:
    'ça va ?' alone asks nothing of a tool, so the French introduction answers; 'Ça va pleuvoir ?' is no greeting."""
    assert run_agent(practice_client(), task, samples.weather_and_calc()).answer.startswith("Bonjour ! Je suis le modèle")
    assert "Bonjour !" not in run_agent(practice_client(), "Ça va pleuvoir à Lyon ?", samples.weather_and_calc()).answer


# ---- hunt round 4 (hcalc2): custom tools and forced fill on new wordings

ORDER = offered("lookup_order", "Look up an order's status.", order_id={"type": "integer"})


@pytest.mark.parametrize("task", ["Status of order A-12", "Status of order 2024-001", "Status of order 12-b"])
def test_a_number_inside_a_code_or_a_date_is_not_filled(task):
    """'Status of order A-12' called lookup_order with order_id 12, a number cut out of a code: a refusal now, as for
    a date's parts; 'Status of order #12' still fills 12."""
    assert forced(task, ORDER).stop_reason == "refusal"
    assert calls(forced("Status of order #12", ORDER)) == [("lookup_order", {"order_id": 12})]


THERMOSTAT = offered("set_thermostat", "Set a room's thermostat, in degrees Celsius.",
                     celsius={"type": "number", "description": "Target temperature in degrees Celsius."},
                     room={"type": "string", "enum": ["living room", "bedroom", "kitchen"]})
THERMOSTAT["input_schema"]["required"] = ["celsius"]


def test_an_enum_value_beside_the_number_is_a_word_the_tool_takes():
    """'Set the bedroom to 19' was declined "I could not tell the 'celsius'": 'bedroom', a value of the room enum, was
    read as a word qualifying 19 that the tool does not take. A room outside the enum still qualifies it."""
    assert calls(forced("Set the bedroom to 19", THERMOSTAT)) == [("set_thermostat", {"celsius": 19, "room": "bedroom"})]
    assert forced("Set the garage to 19", THERMOSTAT).stop_reason == "refusal"


def test_a_unit_the_propertys_description_names_fits_it():
    """'Set the thermostat to 21.5 degrees' was declined (and with 21): 'degrees' is no word of 'celsius', but its
    description says 'in degrees Celsius'; a unit the description says it is not ('not Fahrenheit') does not fit."""
    assert calls(forced("Set the thermostat to 21.5 degrees", THERMOSTAT)) == [("set_thermostat", {"celsius": 21.5})]
    fahrenheit = offered("heat", "Heat.", celsius={"type": "number", "description": "In Celsius, not Fahrenheit."})
    assert forced("Heat to 70 Fahrenheit", fahrenheit).stop_reason == "refusal"


@pytest.mark.parametrize(("task", "x"), [("Square 7", 7), ("Square 1.5", 1.5), ("Square -3", -3)])
def test_the_tools_verb_before_the_number_is_no_label(task, x):
    """'Square 7' and 'Square 1.5' were declined "I could not tell the 'x' for square" ('Square' read as a label, as
    'table' is in 'table 12', which still fills no party size), and 'Square -3' "… could do with '3'"."""
    square = offered("square", "Square a number.", x={"type": "number"})
    assert calls(forced(task, square)) == [("square", {"x": x})]
    run = run_agent(practice_client(), task, [tool(_square)])
    assert run.tool_calls == [("_square", {"x": x})] and run.answer == f"{x}: {x * x}.", run.answer


def _square(x: float) -> float:
    """Square a number.

    Args:
        x: The number.
    """
    return x * x


def test_one_quoted_value_fills_the_one_free_string_beside_an_enum():
    """"Translate 'good morning' into German" was declined "… could do with 'German'": the language enum counted as a
    second free string, so the quoted text filled neither. A quoted value is data: 'high' inside it names no priority."""
    translate = offered("translate", "Translate a text.", text={"type": "string"},
                        language={"type": "string", "enum": ["French", "German"]})
    assert calls(forced("Translate 'good morning' into German", translate)) == [
        ("translate", {"text": "good morning", "language": "German"})]
    todo = offered("add_todo", "Add a to-do.", item={"type": "string"},
                   priority={"type": "string", "enum": ["low", "high"]})
    todo["input_schema"]["required"] = ["item"]
    assert calls(forced("Add 'high priority call'", todo)) == [("add_todo", {"item": "high priority call"})]


@tool  # notebook 01's 'try next' tool, as written there
def convert_temperature(celsius: float, unit: Literal["C", "F"] = "F") -> float:
    """Convert a temperature in Celsius to another unit.

    Args:
        celsius: Temperature in degrees Celsius.
        unit: Target unit, C or F.
    """
    return celsius * 9 / 5 + 32 if unit == "F" else celsius


def test_a_number_in_fahrenheit_does_not_fill_a_celsius_property():
    """With notebook 01's 'try next' tool convert_temperature(celsius, unit C or F): 'Convert 30 °F to C' called it with
    celsius=30 (30 °F is no 30 °C), and 'Convert 21.5 °C' filled unit 'C' from the number's own unit. Now the
    Fahrenheit number fills nothing, a number's unit names no enum value, and 'Convert 100 C to F' is served."""
    assert run_agent(practice_client(), "Convert 30 °F to C", [convert_temperature]).tool_calls == []
    assert run_agent(practice_client(), "Convert 21.5 °C", [convert_temperature]).tool_calls == [
        ("convert_temperature", {"celsius": 21.5})]
    run = run_agent(practice_client(), "Convert 100 C to F", [convert_temperature])
    assert (run.tool_calls, run.answer) == ([("convert_temperature", {"celsius": 100, "unit": "F"})], "100: 212.0.")


def test_a_scale_named_in_words_is_its_enum_initial():
    """'Convert 21.5 °C to Fahrenheit.', the first thing a participant types with notebook 01's 'try next' tool, was
    declined: 'I do not know what convert_temperature could do with 'Fahrenheit''. A scale's name now says the enum
    value that is its initial; a number's own scale still names none, and Kelvin, which the tool lacks, is declined."""
    for task, celsius, answer in [("Convert 21.5 °C to Fahrenheit.", 21.5, "21.5: 70.7."),
                                  ("What is 30 degrees Celsius in Fahrenheit?", 30, "30: 86.0."),
                                  ("Convert 20 Celsius to Fahrenheit", 20, "20: 68.0.")]:
        run = run_agent(practice_client(), task, [convert_temperature])
        assert (run.tool_calls, run.answer) == ([("convert_temperature", {"celsius": celsius, "unit": "F"})], answer)
    for task in ["Convert 70 °F to Celsius", "Convert 21.5 °C to Kelvin", "Convert 10 °C, not to Fahrenheit"]:
        assert run_agent(practice_client(), task, [convert_temperature]).tool_calls == [], task


def test_a_full_name_fills_a_name_property_and_an_email_label_plants_nothing():
    """A custom get_employee(name) 'in the company directory' declined "What's Alice Martin's email?" ('I do not know
    what get_employee could do with 'Alice' and 'Martin''); served, its result 'email alice@acme.test, phone 214' was
    taken for a planted instruction and cut to 'Alice Martin: .'. A full name now fills a name property (two names, one
    call each), and an address after the word 'email' as a label is data."""
    from looplab.tools import tool

    @tool
    def get_employee(name: str) -> str:
        """Look up a colleague in the company directory: department, email and phone extension.

        Args:
            name: Full name, e.g. Alice Martin.
        """
        return f"{name}: department Finance, email alice.martin@acme.test, phone ext 214"

    run = run_agent(practice_client(), "What's Alice Martin's email?", [get_employee])
    assert run.tool_calls == [("get_employee", {"name": "Alice Martin"})]
    assert run.answer == "Alice Martin: department Finance, email alice.martin@acme.test, phone ext 214."
    assert [c[1]["name"] for c in run_agent(practice_client(), "Emails of Alice Martin and Bruno Keller?",
                                            [get_employee]).tool_calls] == ["Alice Martin", "Bruno Keller"]
    assert run_agent(practice_client(), "Who is Alice Martin's manager?", [get_employee]).tool_calls == []
    looked = run_agent(practice_client(), "Look up Alice Martin and Jean-Pierre Lefèvre.", [get_employee]).tool_calls
    assert looked == [("get_employee", {"name": "Alice Martin"}), ("get_employee", {"name": "Jean-Pierre Lefèvre"})]


def test_a_lookup_that_says_nobody_is_no_entry_found():
    """'Look up Jean-Pierre Lefèvre' with a custom get_employee that answered 'nobody called Jean-Pierre' said
    "'Jean-Pierre' is in the records: nobody called Jean-Pierre", a presence the tool denied. 'nobody', 'no one',
    'no match' and 'no record' now say nothing was found, as 'not found' does."""
    from looplab.tools import tool

    @tool
    def get_employee(name: str) -> str:
        """Look up a colleague in the company directory.

        Args:
            name: Full name.
        """
        return f"nobody called {name}"

    reply = run_agent(practice_client(), "Look up Jean-Pierre Lefèvre", [get_employee]).answer
    assert "is in the records" not in reply and "not found" in reply, reply


def test_an_id_fills_an_id_property_and_an_act_is_no_file_reader():
    """With a custom flight_status(flight_number), list_folder(folder) and create_ticket(title, priority) 'Open a
    support ticket', 'Is flight AF1234 on time?' listed the folder '.' and declined "the input I could write for
    create_ticket does not fit its schema" (a hunt met it on 51 tasks): an act was taken for the file reader, and the
    flight number was never read. An act reads no file now, and an id fills a property named for one."""
    from typing import Literal

    from looplab.tools import tool

    @tool
    def flight_status(flight_number: str) -> str:
        """Whether a flight is on time, delayed or cancelled.

        Args:
            flight_number: The flight number, e.g. AF1234.
        """
        return f"{flight_number}: on time"

    @tool
    def list_folder(folder: str) -> str:
        """List what a folder of the shared drive holds.

        Args:
            folder: Folder name.
        """
        return "reports/"

    @tool
    def create_ticket(title: str, priority: Literal["low", "high"]) -> str:
        """Open a support ticket (simulated).

        Args:
            title: Short title of the problem.
            priority: How urgent it is.
        """
        return "ticket opened"

    run = run_agent(practice_client(), "Is flight AF1234 on time?", [flight_status, list_folder, create_ticket])
    assert (run.tool_calls, run.answer) == ([("flight_status", {"flight_number": "AF1234"})], "AF1234: on time.")


def _converter(scale_description: str | None) -> dict:
    scale = {"type": "string", "enum": ["C", "F"]} | ({"description": scale_description} if scale_description else {})
    return offered("convert_temperature", "Convert a temperature between Celsius and Fahrenheit.",
                   temperature={"type": "number", "description": "The temperature in degrees, Celsius or Fahrenheit."},
                   scale=scale)


@pytest.mark.parametrize(("description", "scale"), [
    ("The scale of the given value.", "C"), ("Unit of the input temperature", "C"), ("Source scale", "C"),
    ("The scale to convert to.", "F"), ("Target unit", "F"), ("Scale of the result", "F"),
    (None, None), ("C or F", None), ("Scale of the temperature to convert", None)])
def test_a_scale_takes_the_side_of_the_conversion_its_description_says(description, scale):
    """'Convert 100 degrees Celsius to Fahrenheit' sent scale 'F' whatever the scale meant: the number's own scale was
    cut out and 'Fahrenheit' left. A scale that is the given value's now takes 'C', a target 'F'; one whose description
    says neither is not guessed while the task names both (hred16)."""
    reply = forced("Convert 100 degrees Celsius to Fahrenheit.", _converter(description))
    if scale is None:
        assert reply.stop_reason == "refusal" and "'scale'" in reply.stop_details.explanation
    else:
        assert calls(reply) == [("convert_temperature", {"temperature": 100, "scale": scale})]


def test_a_given_scale_is_not_taken_from_the_target_alone():
    """'Convert 100 to Fahrenheit' says the target only: a scale of the given value is not 'F'; as a target it is."""
    assert forced("Convert 100 to Fahrenheit.", _converter("The scale of the given value.")).stop_reason == "refusal"
    assert calls(forced("Convert 100 to Fahrenheit.", _converter("Target scale"))) == [
        ("convert_temperature", {"temperature": 100, "scale": "F"})]


def test_the_day_after_tomorrow_is_not_tomorrow():
    """'the day after tomorrow' sent day 'tomorrow' to a forecast whose enum has today and tomorrow (hred16)."""
    forecast = offered("get_forecast", "Weather forecast for a city.", city={"type": "string"},
                       day={"type": "string", "enum": ["today", "tomorrow"]})
    assert forced("What's the weather in Paris the day after tomorrow?", forecast).stop_reason == "refusal"
    assert calls(forced("Forecast for Lyon tomorrow", forecast)) == [
        ("get_forecast", {"city": "Lyon", "day": "tomorrow"})]


def _square_root(x: float) -> float:
    """Square root of a number.

    Args:
        x: The number.
    """
    return x**0.5


def test_a_square_is_not_asked_of_a_square_root():
    """'What is the square of 12?' called square_root(12), 3.46 (hred16): a tool named for a root serves a task that
    says root; beside a square tool, the square tool is the one."""
    run = run_agent(practice_client(), "What is the square of 12?", [tool(_square_root)])
    assert run.tool_calls == [] and "square_root" in run.answer and "root" in run.answer
    run = run_agent(practice_client(), "What is the square of 12?", [tool(_square_root), tool(_square)])
    assert run.tool_calls == [("_square", {"x": 12})] and run.answer == "12: 144.", run.answer
    run = run_agent(practice_client(), "What's the square root of 144?", [tool(_square_root)])
    assert run.tool_calls == [("_square_root", {"x": 144})]
