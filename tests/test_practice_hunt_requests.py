"""Wrong answers a hunt found in conversations' other parts (the system prompt, a prefill, a tool's odd result), each
now right or plainly declined: through the real SDK, on the sample tools."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"

OLD = "claude-haiku-4-5"  # a model that takes a prefill


def answer(task: str, system: str | None = None, result: str | None = None) -> str:
    """The final answer to `task` with the weather and calculator tools, every result replaced by `result`."""
    tools = samples.weather_and_calc()
    if result is not None:
        tools = [dataclasses.replace(t, handler=lambda **_: result) for t in tools]
    return run_agent(practice_client(), task, tools, system=system, max_turns=4).answer


@pytest.mark.parametrize("system", [
    "Tools are disabled.", "Tool calls are forbidden.", "Tool use is not allowed.", "Les outils sont désactivés.",
    "N'utilise jamais d'outils.", "Ask the user for confirmation before calling any tool.", "Before using a tool, ask the user.",
    "Get my OK before using any tool.", "Demande confirmation avant d'appeler un outil.", "Weather is out of scope.",
    "Weather questions are off-topic.", "Never answer questions about the weather.", "La météo est hors sujet.",
])
def test_a_system_prompt_that_bars_or_gates_tools_stops_the_call(system):
    """These were missed: get_weather ran and its answer was given as if the prompt allowed it."""
    text = answer("What is the weather in Lyon?", system)
    assert text.startswith("I did not call get_weather: the system prompt says") and "°C" not in text, text


def test_two_calls_under_a_one_tool_rule_are_not_made():
    """'Never call more than one tool per turn' still got two calls in one reply."""
    text = answer("What is the weather in Lyon and what is 6 * 7?", "Never call more than one tool per turn.")
    assert text.startswith("I did not call") and "'Never call more than one tool per turn'" in text, text


@pytest.mark.parametrize("system", ["Answer in one word.", "Always answer in JSON.", "Always answer in uppercase.",
                                    "Format your answer as a bulleted list.", "Always end your reply with 'Cheers!'",
                                    "Answer in fewer than 4 words.", "Output YAML.", "Réponds en un seul mot."])
def test_a_rule_on_the_replys_form_it_does_not_keep_is_named(system):
    """These rules were neither kept nor named: the answer read as if it obeyed them."""
    text = answer("What is the weather in Lyon?", system)
    assert text.startswith("Lyon: 21 °C") and f"The system prompt asks '{system.rstrip('.')}'" in text, text


@pytest.mark.parametrize("system", ["Keep answers under 10 words.", "Answer in one sentence.", "You are a weather bot."])
def test_a_rule_on_the_form_the_reply_keeps_adds_nothing(system):
    assert answer("What is the weather in Lyon?", system) == "Lyon: 21 °C, cloudy (simulated)."


@pytest.mark.parametrize("system, language", [("Responde en español.", "Spanish"), ("Antworte auf Deutsch.", "German"),
                                              ("Rispondi in italiano.", "Italian")])
def test_a_language_asked_in_that_language_is_named(system, language):
    assert f"The system prompt asks for replies in {language}" in answer("What is the weather in Lyon?", system)


@pytest.mark.parametrize("result", ["NaN", "Infinity", "-inf"])
def test_a_not_a_number_result_is_no_answer(result):
    """'17 * 23 = NaN.' was stated as the result."""
    text = answer("What is 17 * 23?", result=result)
    assert text.startswith("I could not get an answer for 17 * 23") and "=" not in text, text


def test_a_result_about_another_place_is_not_given_for_the_one_asked():
    """get_weather('Lyon') returning Paris's weather gave 'Lyon: Paris: 18 °C …'."""
    text = answer("What is the weather in Lyon?", result="Paris: 18 °C, light rain")
    assert text == "I could not get an answer for Lyon: the get_weather tool answered for 'Paris'.", text


def test_a_prefill_the_answer_does_not_continue_is_marked_as_not_continued():
    """The prefill 'Total: 3050' was followed by a restarted answer, so the message read 'Total: 3050 … Total: 1850'."""
    client = practice_client()
    messages = [{"role": "user", "content": "What is 6 * 7?"}]
    first = client.messages.create(model=OLD, max_tokens=300, tools=[t.to_api() for t in samples.weather_and_calc()],
                                   messages=messages)
    call = first.content[-1]
    messages += [{"role": "assistant", "content": first.content},
                 {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id, "content": "42"}]},
                 {"role": "assistant", "content": "The answer is 40"}]
    text = client.messages.create(model=OLD, max_tokens=300, messages=messages,
                                  tools=[t.to_api() for t in samples.weather_and_calc()]).content[0].text
    assert text == "\n\n(The practice model does not go on from a start it did not write; its answer:) 6 * 7 = 42."


def test_an_uppercase_reply_keeps_an_uppercase_rule():
    """'17 * 23 = 391.' has no lowercase letter: it keeps 'Always answer in uppercase'."""
    assert answer("What is 17 * 23?", "Always answer in uppercase.") == "17 * 23 = 391."


def test_a_rule_about_something_else_than_calling_does_not_stop_the_call():
    assert answer("What is the weather in Lyon?", "If the city is unclear, ask the user before answering.").startswith(
        "Lyon: 21 °C")


def test_an_error_text_is_not_read_as_another_place():
    text = answer("What is the weather in Lyon?", result="Error: timeout")
    assert text == "I could not get an answer for Lyon: the get_weather tool said: Error: timeout.", text


def test_a_lookup_entry_for_another_key_is_not_given_as_the_answer():
    """The catalogue returning the AI course for 'design' gave "'design' is in the catalogue: title: Applied AI"."""
    tools = [dataclasses.replace(t, handler=lambda **_: '{"title": "Applied AI", "modules": ["goals", "tools"]}')
             for t in samples.catalogue_tools()]
    text = run_agent(practice_client(), "What modules does the design course have?", tools).answer
    assert text.startswith("'design': the lookup returned an entry named 'Applied AI', which does not name 'design', so "
                           "I cannot tell it is the entry for 'design'; I do not give it as the answer."), text
    text = run_agent(practice_client(), "Quels modules a le cours design ?", tools).answer
    assert "a renvoyé une fiche nommée 'Applied AI', nom qui ne dit pas 'design' : je ne peux pas dire" in text, text


def test_a_call_with_no_input_is_stated_without_an_empty_label():
    """A result of a call with no input read ': Today is …' once the label test became a whole-word one."""
    today = {"name": "get_today", "description": "Today's date.", "input_schema": {"type": "object", "properties": {}}}
    client, messages = practice_client(), [{"role": "user", "content": "What's today's date?"}]
    first = client.messages.create(model=MODEL, max_tokens=300, tools=[today], messages=messages)
    messages += [{"role": "assistant", "content": first.content}, {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": first.content[-1].id, "content": "Today is 2026-03-11."}]}]
    text = client.messages.create(model=MODEL, max_tokens=300, tools=[today], messages=messages).content[0].text
    assert text == "Today is 2026-03-11."


def test_the_prefill_note_is_in_the_tasks_language():
    client = practice_client()
    messages = [{"role": "user", "content": "Combien font 6 fois 7 ?"}]
    tools = [t.to_api() for t in samples.weather_and_calc()]
    first = client.messages.create(model=OLD, max_tokens=300, tools=tools, messages=messages)
    messages += [{"role": "assistant", "content": first.content},
                 {"role": "user", "content": [{"type": "tool_result", "tool_use_id": first.content[-1].id, "content": "42"}]},
                 {"role": "assistant", "content": "Il fait"}]
    text = client.messages.create(model=OLD, max_tokens=300, messages=messages, tools=tools).content[0].text
    assert text.startswith("\n\n(Le modèle d'entraînement ne poursuit pas un début qu'il n'a pas écrit ; sa réponse :) ")


@pytest.mark.parametrize("system", [
    "Tool use is not permitted.", "Function calling is turned off.", "Tools: none.", "You must answer without tools.",
    "N'appelle pas d'outil.", "Only call tools once the user has confirmed.", "Wait for the user's go-ahead before using tools.",
])
def test_more_wordings_that_bar_or_gate_tools_stop_the_call(system):
    """A second hunt found these wordings missed by the first fix."""
    assert answer("What is the weather in Lyon?", system).startswith("I did not call get_weather: the system prompt says")


@pytest.mark.parametrize("system", ["Make tool calls one at a time.", "At most one tool call per message.",
                                    "Un seul outil par tour."])
def test_more_one_call_rules_stop_two_calls(system):
    assert answer("What is the weather in Lyon and what is 6 * 7?", system).startswith("I did not call")


@pytest.mark.parametrize("system", [
    "No need to ask before calling tools.", "Not using tools when they help is a mistake.", "Avoid off-topic chatter.",
    "Do not discuss politics.", "If a question is off-topic, say so politely.", "Do not use any tool other than the ones offered.",
    "Keep it short: 10 words max.", "If an invoice has no status, say so; do not assume it is paid or unpaid.",
])
def test_a_harmless_prompt_neither_stops_the_call_nor_adds_a_note(system):
    """The first fix, or an older rule, stopped the call or added a false note under these."""
    assert answer("What is the weather in Lyon?", system) == "Lyon: 21 °C, cloudy (simulated).", system


@pytest.mark.parametrize("system, task", [("You must not discuss money.", "In the folder invoices, what is the total?"),
                                          ("La météo est hors sujet.", "What is the weather in Lyon?")])
def test_a_topic_ban_stops_a_call_on_that_topic(system, task):
    tools = samples.weather_and_calc() + list(samples.invoice_tools(DATA))
    assert run_agent(practice_client(), task, tools, system=system).answer.startswith("I did not call")


@pytest.mark.parametrize("system, note", [
    ("Start with 'Bonjour'.", "'Start with 'Bonjour''"), ("Wrap your answer in <answer> tags.", "<answer> tags"),
    ("Always sign off with '-- Bot'.", "sign off"), ("Reply in Polish.", "replies in Polish"),
    ("Use Spanish.", "replies in Spanish"), ("Spanish only.", "replies in Spanish"),
])
def test_more_rules_on_the_form_are_named(system, note):
    text = answer("What is the weather in Lyon?", system)
    assert text.startswith("Lyon: 21 °C") and note in text, text


@pytest.mark.parametrize("system", ["Refrain from calling functions.", "Tools are unavailable right now.",
                                    "The tools are currently offline.", "Get the user's OK first, then use tools.",
                                    "Tool access: denied."])
def test_a_third_round_of_tool_bans_stops_the_call(system):
    assert answer("What is the weather in Lyon?", system).startswith("I did not call get_weather: the system prompt says")


def test_a_language_the_user_speaks_is_named():
    text = answer("What is the weather in Lyon?", "The user speaks Japanese; reply in their language.")
    assert "The system prompt asks for replies in Japanese" in text, text


@pytest.mark.parametrize("system", ["Do not use bullet points.", "Never write in uppercase.", "Don't answer in JSON.",
                                    "Do not use markdown.", "N'utilise pas de listes à puces."])
def test_a_dont_rule_the_reply_keeps_adds_no_note(system):
    """'Do not use bullet points' got '… so this reply does not': a rule it keeps, said broken."""
    assert answer("What is 17 * 3?", system) == "17 * 3 = 51."


def test_an_http_status_line_is_no_answer():
    text = answer("What is the weather in Lyon?", result="HTTP 500 Internal Server Error")
    assert text.startswith("I could not get an answer for Lyon"), text


def test_a_language_note_is_not_put_on_a_turn_that_calls_a_tool():
    """'Reply in Spanish' added its note to the turn calling the tool, so stop_sequences=['The'] cut the call away."""
    reply = practice_client().messages.create(
        model=MODEL, max_tokens=300, system="Reply in Spanish.", stop_sequences=["The"],
        tools=[t.to_api() for t in samples.weather_and_calc()], messages=[{"role": "user", "content": "What is 6 * 7?"}])
    assert reply.stop_reason == "tool_use" and reply.content[-1].type == "tool_use"


def test_structured_output_keeps_a_json_rule():
    """'Reply in JSON.' with a JSON schema put "… so this reply does not" inside the schema's answer field; another
    rule on the form it does not keep is still named there (the schema has no other place for it)."""
    client = practice_client()
    schema = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"],
              "additionalProperties": False}
    messages = [{"role": "user", "content": "What is 6 * 7?"}]
    tools = [t.to_api() for t in samples.weather_and_calc()]
    first = client.messages.create(model=MODEL, max_tokens=300, tools=tools, messages=messages)
    messages += [{"role": "assistant", "content": first.content}, {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": first.content[-1].id, "content": "42"}]}]
    reply = client.messages.create(model=MODEL, max_tokens=300, tools=tools, messages=messages, system="Reply in JSON.",
                                   output_config={"format": {"type": "json_schema", "schema": schema}})
    assert "system prompt" not in reply.content[0].text, reply.content[0].text
    reply = client.messages.create(model=MODEL, max_tokens=300, tools=tools, messages=messages, system="Answer in one word.",
                                   output_config={"format": {"type": "json_schema", "schema": schema}})
    assert "The system prompt asks 'Answer in one word'" in reply.content[0].text, reply.content[0].text


@pytest.mark.parametrize("task", ["Calcule 2,5 × 4 puis divise par 2", "Calcule 3 × 3 puis multiplie par 3"])
def test_a_french_calculation_with_puis_gets_a_french_reply(task):
    """'Calcule 2,5 × 4 puis divise par 2' was read as English: one French word of four ('calcule')."""
    text = answer(task)
    assert "The practice model" not in text and "I could not" not in text, text


@pytest.mark.parametrize("system, named", [
    ("Note: invoice 2026-03-101 was paid yesterday; the files have not been updated yet.", "2026-03-101"),
    ("Studio Lune closed its account last week and its invoices were cancelled.", "Studio Lune"),
    ("Le paiement de Garage Teyssier a été rejeté : la facture 2026-03-102 est de nouveau impayée.", "Garage Teyssier")])
def test_a_fact_the_system_prompt_states_about_the_records_is_no_answer_ignored(tmp_path, system, named):
    """'Invoice 2026-03-101 was paid yesterday' in the system prompt, and the unpaid total still counted it (1875 EUR,
    not 1235): the rules read no facts there, so they decline the answer such a fact may change (hred48)."""
    (tmp_path / "inv").mkdir()
    for number, client, amount, status in (("2026-03-101", "Boulangerie Aube", 640, "unpaid"),
                                           ("2026-03-102", "Garage Teyssier", 1480, "paid"),
                                           ("2026-03-103", "Studio Lune", 325, "unpaid")):
        (tmp_path / "inv" / f"{number}.txt").write_text(
            f"Invoice {number}\nClient: {client}\nAmount: {amount} EUR\nStatus: {status}\n", encoding="utf-8")
    task = "What is the total of the unpaid invoices in the folder inv?"
    said = run_agent(practice_client(), task, samples.invoice_tools(tmp_path), system=system).answer
    assert said.startswith("I give no answer") and named in said and "965" not in said, said
    plain = "You are the accounts assistant. If an invoice has no status, say so; do not assume it is paid or unpaid."
    assert "965 EUR" in run_agent(practice_client(), task, samples.invoice_tools(tmp_path), system=plain).answer


def test_french_asked_of_an_english_task_says_the_tool_s_english_is_quoted():
    """'Reply in French, please.' and the English weather came back as it was, with no word that French was asked;
    the word is in French, the language asked."""
    said = answer("What is the weather in Toulouse?", system="Reply in French, please.")
    assert said.startswith("Toulouse: 24 °C, sunny") and "demande des réponses en français" in said, said
    assert answer("What is 2 + 2?", system="Reply in French, please.") == "2 + 2 = 4."


@pytest.mark.parametrize("system", ["Tu es un assistant de facturation et tu ne parles que de factures.",
                                    "L'outil get_weather est en maintenance aujourd'hui ; ne l'utilise pas."])
def test_a_french_limit_or_ban_is_read_as_the_english_one(system):
    """'tu ne parles que de factures' and 'ne l'utilise pas' still got the weather (the English wordings decline)."""
    said = answer("Quel temps fait-il à Toulouse ?", system=system)
    assert said.startswith("Je n'ai pas appelé get_weather") and "°C" not in said, said


def test_a_french_negation_before_que_is_no_limit(tmp_path):
    """'ne suppose pas qu'elle est payée' (notebook 05, French) was read as 'ne … que', a limit: no tool was called."""
    system = "Si une facture n'a pas de statut, dis-le ; ne suppose pas qu'elle est payée ou impayée."
    said = answer("Quel temps fait-il à Lyon ?", system=system)
    assert said.startswith("Lyon") and "21 °C" in said, said


@pytest.mark.parametrize("system, task", [
    ("Spell out every number in words.", "What is the weather in Toulouse?"),
    ("Use a comma as the decimal separator.", "What is 1250 / 8?"),
    ("For each result, include its unit in words.", "What is the weather in Lyon?"),
    ("Écris tous les nombres en toutes lettres.", "Quel temps fait-il à Toulouse ?")])
def test_a_rule_on_what_the_reply_says_is_named_as_not_kept(system, task):
    """'Give all amounts in cents.', 'Use a comma as the decimal separator.': the reply kept neither and said nothing
    (hred48); a rule on the reply's form is named, as 'Answer in one word' is."""
    said = answer(task, system=system)
    assert f"'{system.rstrip('.')}'" in said and ("Claude would follow it." in said or "Claude le suivrait." in said), said
    assert answer(task, system="You are a helpful assistant.") == said.split(" The system prompt")[0].split(" Le prompt")[0]


@pytest.mark.parametrize("system, task, said", [
    ("Give amounts in EUR.", "What is the weather in Lyon?", "Lyon: 21 °C, cloudy (simulated)."),
    ("Use ISO currency codes, never symbols.", "What is 12 * 7?", "12 * 7 = 84."),
    ("You are a cheerful assistant. Use a warm tone and plain words.", "What is 12 * 7?", "12 * 7 = 84."),
    ("Réponds toujours en anglais.", "Combien font 17 * 23 ?", "17 * 23 = 391."),
    ("Never reveal staff phone numbers.", "What is the weather in Lyon?", "Lyon: 21 °C, cloudy (simulated)."),
    ("Round amounts to whole euros.", "What is the weather in Lyon?", "Lyon: 21 °C, cloudy (simulated)."),
    ("Give temperatures in Fahrenheit.", "What is 17 * 23?", "17 * 23 = 391.")])
def test_a_rule_the_reply_keeps_or_does_not_touch_gets_no_note_and_blocks_no_call(system, task, said):
    """'Give amounts in EUR' gave the weather a note that it was not kept; 'Never reveal staff phone numbers' and
    'Round amounts to whole euros' barred the weather tool, 'Give temperatures in Fahrenheit' the calculator (hred53)."""
    assert answer(task, system=system) == said


def test_a_rule_on_amounts_that_the_reply_breaks_is_still_named(tmp_path):
    """The reply gives amounts in EUR; 'Give all amounts in cents' and 'in US dollars' are not kept, and say so."""
    (tmp_path / "inv").mkdir()
    (tmp_path / "inv" / "a.txt").write_text("Invoice A-1\nClient: Rivet SA\nAmount: 300 EUR\nStatus: unpaid\n")
    task = "What is the total of the unpaid invoices in the folder inv?"
    for system in ("Give all amounts in cents.", "Give amounts in US dollars."):
        said = run_agent(practice_client(), task, samples.invoice_tools(tmp_path), system=system).answer
        assert "300 EUR" in said and "Claude would follow it" in said or said.startswith("I did not call"), said


def test_a_french_ban_with_sans_demander_allows_reading(tmp_path):
    """'Ne supprime jamais de fichier sans demander' barred list_files on a read-only question; the English 'Never
    delete files without asking' does not (hred53)."""
    (tmp_path / "inv").mkdir()
    (tmp_path / "inv" / "a.txt").write_text("Invoice A-1\nClient: Rivet SA\nAmount: 300 EUR\nStatus: unpaid\n")
    said = run_agent(practice_client(), "Combien de factures y a-t-il dans le dossier inv ?", samples.invoice_tools(tmp_path),
                     system="Ne supprime jamais de fichier sans demander.").answer
    assert "Nombre : 1" in said, said


def test_a_french_rule_on_lists_is_named():
    """'Utilise des listes à puces' was dropped with no note (hred53); 'Use bullet points' is named."""
    said = answer("Quel temps fait-il à Lyon ?", system="Utilise des listes à puces.")
    assert "Le prompt système demande 'Utilise des listes à puces'" in said, said


@pytest.mark.parametrize("system, task, starts", [
    ("The weather tool is down; do not call it.", "What is the weather in Lyon?", "I did not call get_weather"),
    ("Refuse anything unrelated to gardening.", "What is the weather in Lyon?", "I did not call get_weather"),
    ("Ne donne jamais de chiffres.", "Quel temps fait-il à Lyon ?", "Je n'ai pas appelé get_weather"),
    ("Never use digits.", "What is 12 * 7?", "I did not call calculator"),
    ("No more than 3 words.", "What is the weather in Lyon?", "Lyon"),
    ("Use Fahrenheit.", "What is the weather in Lyon?", "Lyon")])
def test_a_rule_the_weather_does_not_touch_is_still_kept_or_named(system, task, starts):
    """Rules no longer bar a call they do not touch; one the call may break still does, and one the reply breaks is
    named: none is dropped in silence."""
    said = answer(task, system=system)
    assert said.startswith(starts) and (starts.startswith(("I did not", "Je n'ai pas")) or "Claude would follow it." in said
                                        or "Claude le suivrait." in said), said


def test_a_rule_on_private_data_still_bars_a_reader(tmp_path):
    """'Never share private data' no longer bars the weather, but still bars reading the invoices' files."""
    (tmp_path / "inv").mkdir()
    (tmp_path / "inv" / "a.txt").write_text("Invoice A-1\nClient: Rivet SA\nAmount: 300 EUR\nStatus: unpaid\n")
    said = run_agent(practice_client(), "Which invoices in the folder inv are unpaid?", samples.invoice_tools(tmp_path),
                     system="Never share private data.").answer
    assert said.startswith("I did not call list_files"), said


@pytest.mark.parametrize("system", ["The VAT rate is 20 %.", "Le taux de TVA est de 20 %."])
def test_a_fact_in_the_system_prompt_is_no_rule_the_reply_breaks(system):
    """'The VAT rate is 20 %.' got the note 'The system prompt asks 'The VAT rate is 20 %' … this reply does not' on
    the weather (hred53 re-measure): a fact is no order."""
    assert answer("What is the weather in Lyon?", system=system) == "Lyon: 21 °C, cloudy (simulated)."


def test_a_french_rounding_rule_does_not_bar_the_weather():
    """'Arrondis les montants à l'euro près.' barred get_weather: 'à' met 'à' of the task (hred53 re-measure)."""
    assert answer("Quel temps fait-il à Lyon ?", system="Arrondis les montants à l'euro près.").startswith("Lyon")


@pytest.mark.parametrize("system", ["Round amounts to whole euros.", "Round to the nearest euro.",
                                    "Arrondis les montants à l'euro près."])
def test_a_rounding_rule_is_checked_on_the_reply_not_a_bar_on_reading(tmp_path, system):
    """'Round amounts to whole euros' barred list_files on invoices all in whole euros (hred53); amounts with cents
    are answered and the rule named as not kept; a rounding to tens still bars the call, as it may change the total."""
    (tmp_path / "inv").mkdir()
    (tmp_path / "inv" / "a.txt").write_text("Invoice A-1\nClient: Rivet SA\nAmount: 300 EUR\nStatus: unpaid\n")
    task = "What is the total of the unpaid invoices in the folder inv?"
    said = run_agent(practice_client(), task, samples.invoice_tools(tmp_path), system=system).answer
    assert "300 EUR" in said and "follow" not in said and "suivrait" not in said, said
    (tmp_path / "inv" / "b.txt").write_text("Invoice A-2\nClient: Lune SARL\nAmount: 120.50 EUR\nStatus: unpaid\n")
    said = run_agent(practice_client(), task, samples.invoice_tools(tmp_path), system=system).answer
    assert "420.50 EUR" in said and f"'{system.rstrip('.')}'" in said, said
    said = run_agent(practice_client(), task, samples.invoice_tools(tmp_path),
                     system="Round amounts to the nearest ten euros.").answer
    assert said.startswith("I did not call list_files"), said


@pytest.mark.parametrize("system", ["Use the calculator for any arithmetic.", "Always use the calculator tool for sums.",
                                    "Utilise la calculatrice pour tout calcul."])
def test_a_rule_to_do_the_sums_with_a_tool_is_named_where_the_rules_summed(tmp_path, system):
    """The unpaid total was summed without the calculator and without a word (hred53); 'Always use the calculator tool
    for sums' barred the calculator itself and gave the weather a note."""
    (tmp_path / "inv").mkdir()
    for name, amount in (("a", 300), ("b", 120)):
        (tmp_path / "inv" / f"{name}.txt").write_text(f"Invoice A-{name}\nClient: Rivet SA\nAmount: {amount} EUR\nStatus: unpaid\n")
    tools = [*samples.invoice_tools(tmp_path), *samples.weather_and_calc()]
    said = run_agent(practice_client(), "What is the total of the unpaid invoices in the folder inv?", tools,
                     system=system).answer
    assert "420 EUR" in said and f"'{system.rstrip('.')}'" in said, said
    assert answer("What is 17 * 23?", system=system) == "17 * 23 = 391."
    assert answer("What is the weather in Lyon?", system=system) == "Lyon: 21 °C, cloudy (simulated)."


def test_a_rule_that_keeps_back_phone_numbers_or_emails_is_checked_on_the_reply(tmp_path):
    """'Never reveal staff phone numbers' barred search_docs on the opening hours, 'Never share client email addresses'
    list_files on the unpaid invoices (hred53); a reply that would hold one is declined, naming the rule."""
    (tmp_path / "helpdesk.md").write_text("# Helpdesk\n\nThe helpdesk is open from 9:00 to 17:00 on weekdays.\nFor urgent "
                                          "problems, call Marie Lenoir on 06 12 34 56 78.\nWrite to "
                                          "helpdesk@studio-lune.fr for anything else.\n")
    tools = samples.docs_tools(tmp_path)

    def ask(task, system):
        return run_agent(practice_client(), task, tools, system=system).answer

    phones, mails = "Never reveal staff phone numbers.", "Never share email addresses."
    assert ask("When is the helpdesk open?", phones) == "The helpdesk is open from 9:00 to 17:00 on weekdays. [helpdesk.md]"
    said = ask("Who do I call for urgent problems?", phones)
    assert said.startswith("I give no answer: it may hold a phone number") and "06 12" not in said, said
    said = ask("What do our notes say about the helpdesk?", mails)
    assert said.startswith("I give no answer: it may hold an email address") and "@" not in said, said
    said = ask("Who do I call for urgent problems?", "Ne communique jamais les numéros de téléphone du personnel.")
    assert "06 12" not in said, said
    said = ask("When is the helpdesk open?", "Never reveal staff phone numbers or salaries.")  # salaries: not checkable
    assert said.startswith("I did not call search_docs"), said
    (tmp_path / "inv").mkdir()
    (tmp_path / "inv" / "a.txt").write_text("Invoice A-1\nClient: Rivet SA\nContact: ana@rivet.example\nAmount: 300 EUR\n"
                                            "Status: unpaid\n")
    said = run_agent(practice_client(), "In the folder inv, which invoices are unpaid, and what is their total?",
                     samples.invoice_tools(tmp_path), system="Never share client email addresses.").answer
    assert said.startswith("Unpaid: A-1 (Rivet SA, 300 EUR). Total: 300 EUR."), said


@pytest.mark.parametrize("system, contact", [
    ("Never reveal staff phone numbers.", "phone 06/12/34/56/78"), ("Never reveal staff phone numbers.", "phone 555-0199"),
    ("Never reveal staff phone numbers.", "phone 06\u00a012\u00a034\u00a056\u00a078"),
    ("Never reveal staff phone numbers.", "phone 07700 900123"), ("Do not give out e-mail addresses.", "email ana [at] x [dot] fr"),
    ("Never share client email addresses.", "email paul.vidal (at) brume.fr"),
    ("Never share client email addresses.", "email ana at x dot fr"),
    ("Keep customers' mobile numbers private.", "mobile 07700 900123")])
def test_a_contact_detail_written_another_way_is_not_let_through(tmp_path, system, contact):
    """Each was shown under the rule (hred58): the reply was checked for '@' and for 9 digits in groups of at most 4,
    and 'Keep … private' was no rule at all; a figure that may be one is now held back too, saying it is not sure."""
    (tmp_path / "inv").mkdir()
    (tmp_path / "inv" / "2026-03-126.txt").write_text(f"Invoice 2026-03-126\nClient: Harbour Prints\nContact: Tom Baker, "
                                                      f"{contact}\nAmount: 1250.00 EUR\nStatus: unpaid\n")
    said = run_agent(practice_client(), "Show me invoice 2026-03-126 in the folder inv in full.",
                     samples.invoice_tools(tmp_path), system=system).answer
    assert said.startswith("I give no answer: it may hold") and "can neither tell one for sure" in said, said


def test_an_item_line_is_no_amount_of_its_own_and_an_amount_asked_is_never_dropped(tmp_path):
    """'- Hosting: 50 EUR' was read as a field beside 'Total: 470.00 EUR', and 'What is the amount of invoice X?' got
    'Number X: X (Maison Sable).', the amount silently dropped (hred58)."""
    (tmp_path / "inv").mkdir()
    (tmp_path / "inv" / "2026-03-126.txt").write_text("Invoice 2026-03-126\nClient: Maison Sable\nItems:\n- Hosting: 50 EUR\n"
                                                      "- Support 120 EUR\n3. Logo design 300 EUR\nTotal: 470.00 EUR\n"
                                                      "Status: unpaid\n")
    tools = samples.invoice_tools(tmp_path)
    said = run_agent(practice_client(), "What is the amount of invoice 2026-03-126 in the folder inv?", tools).answer
    assert "470.00 EUR" in said, said
    (tmp_path / "inv" / "2026-03-126.txt").write_text("Invoice 2026-03-126\nClient: Maison Sable\nNet: 400 EUR\n"
                                                      "Deposit: 100 EUR\nStatus: unpaid\n")
    said = run_agent(practice_client(), "What is the amount of invoice 2026-03-126 in the folder inv?", tools).answer
    assert "I give no amount: the records have several amounts (Net and Deposit)" in said, said


def test_privacy_rules_in_other_words_and_figures_that_are_no_phone(tmp_path):
    """'Email addresses are private' and "Don't pass on anybody's email" were not read as rules (the address was
    shown); 'Phone numbers must stay private' was named as broken on a reply with no phone; '1 250 000 EUR' and
    '12/03/2026' were held back as phone numbers (hred58 and its re-run)."""
    (tmp_path / "inv").mkdir()
    path = tmp_path / "inv" / "2026-05-124.txt"
    tools = samples.invoice_tools(tmp_path)

    def ask(contact, system):
        path.write_text(f"Invoice 2026-05-124\nClient: Studio Lune\nContact: Ana Roy\n{contact}\nAmount: 420.00 EUR\n"
                        "Status: unpaid\n")
        return run_agent(practice_client(), "Show me invoice 2026-05-124 in the folder inv in full.", tools,
                         system=system).answer

    for system in ("Email addresses are private.", "Don't pass on anybody's email."):
        said = ask("E-mail: ana@x.fr", system)
        assert said.startswith("I give no answer: it may hold an email address") and "@" not in said, said
    said = ask("Phone: +33 6 12 34 56 78", "Phone numbers must stay private.")
    assert said.startswith("I give no answer: it may hold a phone number") and "56 78" not in said, said
    for note in ("E-mail: ana@x.fr", "Note: 1 250 000 EUR", "Note: 12/03/2026"):
        said = ask(note, "Phone numbers must stay private." if "@" in note else "Never reveal staff phone numbers.")
        assert said.startswith("Number 2026-05-124") and "follow" not in said, said


def test_give_their_numbers_is_no_phone_number(tmp_path):
    """'Give their numbers and the total still due' under 'Never reveal staff phone numbers' barred list_files: the
    rule's 'numbers' was read as touching the task's (hred53, its last wrong case)."""
    (tmp_path / "inv").mkdir()
    (tmp_path / "inv" / "2026-03-101.txt").write_text("Invoice 2026-03-101\nClient: Atelier Brume\nAmount: 1200 EUR\n"
                                                      "Status: unpaid\n")
    said = run_agent(practice_client(), "In the folder inv, which invoices are unpaid? Give their numbers and the total "
                     "still due.", samples.invoice_tools(tmp_path), system="Never reveal staff phone numbers.").answer
    assert said.startswith("Unpaid: 2026-03-101 (Atelier Brume, 1200 EUR). Total still due: 1200 EUR."), said


@pytest.mark.parametrize("task, system", [
    ("What is the weather in Lyon?", "Reply in JSON with keys city and celsius."),
    ("What is the weather in Lyon?", "Keep it to one sentence in Celsius, formatted as XML."),
    ("What is the weather in Lyon?", "Reply in JSON, with no dates."),
    ("What is the weather in Lyon?", "Return a JSON array."),
    ("Quel temps fait-il à Lyon ?", "Réponds en degrés Celsius et en JSON."),
    ("Quel temps fait-il à Lyon ?", "Produis un objet JSON avec ville et température."),
    ("Quel temps fait-il à Lyon ?", "Renvoie du JSON."),
    ("What is 17 times 23?", "Reply with a bare integer and nothing else."),
    ("What is 17 times 23?", "Your entire output must be a single integer."),
    ("Combien font 9 fois 8 ?", "Ta réponse doit être un entier seul."),
    ("Combien font 9 fois 8 ?", "Un seul mot."),
    ("Combien font 9 fois 8 ?", "Réponds par un nombre."),
    ("What is the weather in Lyon?", "Valid JSON is required."), ("What is the weather in Lyon?", "Send back YAML."),
    ("What is the weather in Lyon?", "Your response will be fed to json.loads()."),
    ("Quel temps fait-il à Lyon ?", "Sortie : JSON uniquement."), ("Quel temps fait-il à Lyon ?", "Donne un objet JSON."),
    ("What is 17 times 23?", "Nothing but the integer."), ("What is the weather in Lyon?", "Answer in English, as JSON."),
    ("Quel temps fait-il à Lyon ?", "Réponds en français, au format JSON."),
])
def test_a_form_beside_a_unit_or_with_another_verb_is_named_when_not_kept(task, system):
    """A JSON, XML, one-word or bare-integer rule went unnamed when its sentence also spoke of degrees, dates or
    amounts (the units held, so the rule counted as kept), or when it began 'Return', 'Renvoie' or 'Produis', or said
    'un seul mot' or 'un entier seul' (hred102)."""
    said = answer(task, system)
    assert f"'{system.rstrip('.')}'" in said and ("so this reply does not" in said or "cette réponse ne le fait pas" in said), said


@pytest.mark.parametrize("task, system", [("What is 17 times 23?", "Reply with a bare integer."),
                                          ("What is 17 times 23?", "Answer in Celsius, as one sentence.")])
def test_a_form_the_reply_keeps_is_still_not_named(task, system):
    """'17 * 23 = 391.' is one sentence; a bare-integer rule is named, since '17 * 23 = 391.' is not one."""
    said = answer(task, system)
    assert ("so this reply does not" in said) == ("integer" in system), said


@pytest.mark.parametrize("system", ["The tools return JSON.", "Answer in English."])
def test_json_said_of_the_tools_is_no_rule_on_the_reply(system):
    assert answer("What is the weather in Lyon?", system) == "Lyon: 21 °C, cloudy (simulated).", system
