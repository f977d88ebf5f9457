"""Wordings and data from the hred106-hred111 hunts: a French month beside records that spell it ('4 mars 2026')
was dropped and every invoice totalled; 'Look up sku A-12' called the tool with 'sku'; 'Oslo: 5 °C, wind direction
unknown' was reported as 'found nothing'; 'Est-il en stock ?' after a lookup and a number equal to a stock value
were dropped without a word; 'Is Lyon much warmer than Paris?' got 'Yes'; 'De combien de degrés Fahrenheit Lyon …'
looked up the town 'Fahrenheit Lyon'; 'Les freins, on les vérifie quand ?' quoted its answer and said no sentence
spoke of it; 'Recommence.' after French turns was declined in English."""

from __future__ import annotations

import json

import pytest
from conversations import answer, converse, documents
from lookup_tools import lookup_tool

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent, to_param
from looplab.tools import Toolbox, tool


def structured(tools, task: str, props: dict):
    """The JSON the practice model fills for a schema of `props` after running `tools` on `task`, or None (a refusal)."""
    client, toolbox = practice_client(), Toolbox(tools)
    messages = [{"role": "user", "content": task}]
    schema = {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}
    for _ in range(3):
        reply = client.messages.create(model=MODEL, max_tokens=500, tools=toolbox.to_api(), messages=messages,
                                       output_config={"format": {"type": "json_schema", "schema": schema}})
        if reply.stop_reason != "tool_use":
            break
        messages += [{"role": "assistant", "content": [to_param(b) for b in reply.content]},
                     {"role": "user", "content": [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]}]
    return json.loads(reply.content[0].text) if reply.stop_reason == "end_turn" else None


@pytest.fixture
def march(tmp_path):
    (tmp_path / "f1.txt").write_text("Facture F-1\nClient : Dupont\nDate : 4 mars 2026\nMontant TTC : 100,00 €\n"
                                     "Statut : payée\n", encoding="utf-8")
    (tmp_path / "f2.txt").write_text("Facture F-2\nClient : Martin\nDate : 28 février 2026\nMontant TTC : 50,00 €\n"
                                     "Statut : impayée\n", encoding="utf-8")
    return samples.invoice_tools(tmp_path)


@pytest.mark.parametrize(("task", "month"), [("Quel est le total des factures de mars ?", "mars"),
                                             ("Combien de factures en mars ?", "mars"),
                                             ("Quelles sont les factures de février ?", "février")])
def test_a_french_month_is_a_condition_not_applied(march, task, month):
    said = answer(task, march)
    assert f"la condition '{month}" in said and "150" not in said and "Nombre : 2" not in said, said


def test_a_french_total_question_with_a_space_before_its_mark_is_answered_in_french(march):
    assert answer("Total TTC de Dupont ?", march).startswith("Client Dupont : F-1 (Dupont, 100,00 €)")


def test_a_key_after_its_own_name_is_the_key():
    get_product = lookup_tool("get_product", "sku", lambda sku: {"A-12": {"name": "Kettle"}}.get(sku, {"error": "not found"}))
    get_record = lookup_tool("get_record", "record_id", lambda key: {"b": "Bob, 34, Paris"}.get(key, "no such record"))
    run = run_agent(practice_client(), "Look up sku A-12.", [get_product])
    assert run.tool_calls == [("get_product", {"sku": "A-12"})] and "Kettle" in run.answer, run.answer
    run = run_agent(practice_client(), "Look up record b.", [get_record])
    assert run.tool_calls == [("get_record", {"record_id": "b"})] and "Bob, 34, Paris" in run.answer, run.answer


@pytest.mark.parametrize(("result", "task"), [("5 °C, cloudy, wind direction unknown", "What's the weather in Oslo?"),
                                              ("42.10 USD (dividend: not found)", "Call quote with name 'ACME'"),
                                              ("Author: unknown; year: 1603; title: Hamlet", "Call quote with name 'x1'")])
def test_a_detail_said_unknown_beside_data_is_no_absence(result, task):
    @tool
    def get_weather(city: str) -> str:
        """Get the current weather for a city.

        Args:
            city: City name.
        """
        return f"{city}: {result}"

    @tool
    def quote(name: str) -> str:
        """Details about one named item.

        Args:
            name: The item's id.
        """
        return result

    said = answer(task, [get_weather] if "weather" in task else [quote])
    assert result in said and "found nothing" not in said and "not a key" not in said and "did not use" not in said, said


@pytest.mark.parametrize("said", ["Unknown product 'olive'. Try: mug (8.5 EUR)", "Error: city Atlantis not found (code 404)",
                                  "Atlantis: unknown city", "Result for 12: not found"])
def test_an_absence_said_first_is_still_an_absence(said):
    reply = answer("Look up 'Atlantis 12'.", [lookup_tool("get_item", "key", lambda key: said)])
    assert "is not found" in reply or "is not a key" in reply, reply


SHOP = {"mug": {"name": "Mug", "price": 8.5, "stock": 12, "goes_with": "teapot"},
        "teapot": {"name": "Teapot", "price": 24.0, "stock": 0}}


@pytest.fixture
def shop(tmp_path):
    (tmp_path / "shop.json").write_text(json.dumps(SHOP), encoding="utf-8")
    return samples.catalogue_tools(tmp_path / "shop.json")


@pytest.mark.parametrize(("task", "left"), [("Cherche teapot. Est-il en stock ?", "Je n'ai pas répondu à 'Est-il en stock'."),
                                            ("Cherche teapot. Y en a-t-il en stock ?", "à 'Y en a-t-il en stock'"),
                                            ("Look up teapot. Any in stock?", "I did not answer 'Any in stock'.")])
def test_a_yes_no_question_after_a_lookup_is_named_as_not_answered(shop, task, left):
    assert left in answer(task, shop)


@pytest.mark.parametrize("task", ["Look up mug and return the price of 12.", "Cherche mug et donne le prix pour 12."])
def test_a_number_equal_to_a_value_of_the_entry_is_named_as_unused(shop, task):
    said = answer(task, shop)
    assert "'12'" in said and ("I did not use" in said or "Je n'ai pas utilisé" in said), said


@pytest.mark.parametrize("task", ["Look up mug and tell me the price of teapot.", "Cherche mug et donne-moi le prix du teapot."])
def test_another_entry_named_in_a_field_is_named_as_not_looked_up(shop, task):
    said = answer(task, shop)
    assert "'teapot' : je cherche les clés" in said or "I did not look up 'teapot'" in said, said


def test_a_word_not_found_says_which_key_was_looked_up(shop):
    said = answer("Look up mug and compare it with kettle.", shop)
    assert said.endswith("I found nothing about 'compare' and 'kettle' in what the lookup of 'mug' returned."), said


@pytest.mark.parametrize("task", ["Is Lyon much warmer than Paris?", "Is it much warmer in Lyon than in Paris?"])
def test_much_warmer_is_not_judged(task):
    said = answer(task, samples.weather_and_calc())
    assert said.endswith("Whether that is 'much warmer' I do not judge.") and "Yes" not in said, said


@pytest.mark.parametrize("unit", ["Fahrenheit", "Celsius", "F"])
def test_a_unit_before_a_town_is_not_part_of_it(unit):
    run = run_agent(practice_client(), f"De combien de degrés {unit} Lyon est-elle plus chaude que Paris ?",
                    samples.weather_and_calc())
    assert all(not i["city"].startswith(unit) for _, i in run.tool_calls) and "de 3 °C" not in run.answer, run.answer


ARTICLES = {"velo.md": "# Entretenir son vélo\n\nIl faut graisser la chaîne tous les 300 km. Les pneus se gonflent à 4 "
                       "bars pour la ville. Les freins se vérifient chaque mois.\n",
            "bees.md": "# Bees in winter\n\nA colony eats about 15 kg of honey during the winter.\n"}


@pytest.fixture
def articles(tmp_path):
    return documents(tmp_path, ARTICLES)


@pytest.mark.parametrize(("task", "quoted"), [("Les freins, on les vérifie quand ?", "Les freins se vérifient chaque mois."),
                                              ("La chaîne, on la graisse quand ?", "tous les 300 km")])
def test_a_french_verb_in_another_form_is_answered(articles, task, quoted):
    said = answer(task, articles)
    assert quoted in said and "Je n'ai pas répondu" not in said, said


def test_how_many_articles_is_not_answered_by_a_quantity(articles):
    said = answer("Combien d’articles parlent de l’hiver ?", articles)
    assert "15 kg" not in said, said


def test_a_spoken_sum_after_and_is_a_whole_question():
    assert converse(["Combien font 12 fois 4 ?", "Et 13 fois 4 ?"], samples.weather_and_calc()).startswith("13 * 4 = 52.")
    assert converse(["What is 2 times 3?", "And 8 times 9?"], samples.weather_and_calc()).startswith("8 * 9 = 72.")


def test_a_follow_up_names_the_word_that_points_back(tmp_path):
    (tmp_path / "a.txt").write_text("Facture A-1\nClient : Roux\nMontant : 90,00 €\nStatut : impayée\n", encoding="utf-8")
    said = converse(["Quelles factures sont impayées ?", "Et leur total ?"], samples.invoice_tools(tmp_path))
    assert said.startswith("Les mots de la demande que je n'ai pas pu traiter : 'leur'."), said


@pytest.mark.parametrize("bare", ["Recommence.", "Essaie encore.", "Continue.", "Ok."])
def test_a_bare_follow_up_is_declined_in_the_conversation_language(bare):
    said = converse(["Quel temps fait-il à Lyon ?", bare], samples.weather_and_calc())
    assert "Le modèle d'entraînement ne sait pas traiter cette demande" in said and "I " not in said, said
    said = converse(["What's the weather in Lyon?", bare], samples.weather_and_calc())
    assert bare not in ("Continue.", "Ok.") or "The practice model can't plan this request" in said, said


ZOO = {"lions.md": "# Lions\n\nThe African lions live in the Savanna enclosure. Lions are fed at 3 pm every day.\n",
       "sea-lions.md": "# Sea lions\n\nOur sea lions live in the Harbour pool. Sea lions are fed fish at noon.\n"
                       "The sea lion show starts at 11 am.\n",
       "tickets.md": "# Tickets\n\nMembers get 10 % off in the shop. Non-members pay the full shop price.\n",
       "spa.md": "# Spa\n\nA 60-minute massage costs 90 euros. Check-in starts at 3 pm. Check-out is at 11 am.\n"}


@pytest.fixture
def zoo(tmp_path):
    return documents(tmp_path, ZOO)


@pytest.mark.parametrize(("task", "kept", "left"), [
    ("When are the lions fed?", "Lions are fed at 3 pm every day.", "Sea lions"),
    ("Where do the lions live?", "The African lions live in the Savanna enclosure.", "Harbour"),
    ("What time is check-out?", "Check-out is at 11 am.", "Check-in"),
    ("How much does a 90-minute massage cost?", "", "60-minute"),
    ("How much off do members get in the shop?", "Members get 10 % off in the shop.", "Non-members")])
def test_a_sentence_about_another_kind_is_not_quoted(zoo, task, kept, left):
    said = answer(task, zoo)
    assert kept in said and left not in said, said


def test_members_are_not_non_members(zoo):
    said = answer("Do members pay the full price in the shop?", zoo)
    assert "Non-members pay" not in said, said


def test_a_show_asked_of_is_a_word_of_the_question(zoo):
    said = answer("When is the lion show?", zoo)
    assert "11 am" not in said and "'show'" in said, said


@pytest.mark.parametrize("task", ["What is 12 times 7, then double it?", "Compute 12 times 4 and double the result."])
def test_an_operation_on_a_result_says_why_it_is_not_done(task):
    said = answer(task, samples.weather_and_calc())
    assert "it works 'double' on another part's result" in said and "none of the offered tools" not in said, said


def test_how_many_degrees_warmer_is_answered_without_a_note_against_it():
    said = answer("How many degrees warmer is Lyon than Paris?", samples.weather_and_calc())
    assert said.endswith("Lyon (21 °C) is warmer than Paris (18 °C), by 3 °C."), said


def test_plus_froid_is_a_comparison_not_an_addition():
    said = answer("Fait-il plus chaud à Lyon qu'à Paris et plus froid à Lille qu'à Nantes ?", samples.weather_and_calc())
    assert "au résultat d'une autre partie" not in said, said


def test_no_number_the_task_does_not_hold_is_named():
    said = answer("What is 10 % of 50 and 20 % of 80?", samples.weather_and_calc())
    assert "'100'" not in said, said


@pytest.mark.parametrize(("task", "left"), [("Look up mug and tell me whether it is in stock.", "I did not answer 'whether it is in stock'."),
                                            ("Cherche teapot et dis-moi si mug est en stock.", "Je n'ai pas répondu à 'si mug est en stock'.")])
def test_tell_me_whether_is_a_question_not_a_condition(shop, task, left):
    said = answer(task, shop)
    assert said.endswith(left) and "dis-moi" not in said.split(left)[0], said


@pytest.mark.parametrize("task", ["Could you look up mug, please?", "Can you look up mug? Thanks."])
def test_a_polite_lookup_is_a_lookup(shop, task):
    said = answer(task, shop)
    assert said == "'mug' is in the catalogue: name: Mug; price: 8.5; stock: 12; goes_with: teapot.", said


@pytest.mark.parametrize(("task", "key"), [("Look up item b.", "b"), ("Look up note n2.", "n2"), ("Cherche l'article B-7.", "B-7")])
def test_a_key_after_a_noun_is_the_key(task, key):
    get_item = lookup_tool("get_item", "item_id", lambda key: {"b": "Bowl", "n2": "Note two", "B-7": "Lamp"}.get(key, "no such item"))
    assert run_agent(practice_client(), task, [get_item]).tool_calls == [("get_item", {"item_id": key})]


def test_a_json_result_fills_a_schema_by_its_keys():
    @tool
    def get_stock_price(ticker: str) -> str:
        """Get the last closing price of a stock by its ticker symbol, in USD.

        Args:
            ticker: Ticker symbol, e.g. ACME.
        """
        return json.dumps({"ticker": ticker, "close": 123.45, "currency": "USD", "volume": 1200})

    assert structured([get_stock_price], "Call get_stock_price with ticker 'ACME'",
                      {"close": {"type": "number"}, "currency": {"type": "string"}}) == {"close": 123.45, "currency": "USD"}


def test_a_forecast_tool_serves_tomorrow_and_a_book_tool_is_no_booking():
    @tool
    def get_weather(city: str) -> str:
        """Get the weather forecast for a city.

        Args:
            city: City name.
        """
        return f"{city}: tomorrow 20 °C, sun"

    @tool
    def book_by_isbn(isbn: str) -> str:
        """Find a book by its ISBN.

        Args:
            isbn: The ISBN.
        """
        return "The C Programming Language (1988)"

    assert "gives 'forecast', and the task does not ask for that" not in answer("What will the weather be in Oslo tomorrow?",
                                                                                 [get_weather])
    assert answer("Look up ISBN 978-0131103627.", [book_by_isbn]).endswith("The C Programming Language (1988).")


@pytest.fixture
def spring(tmp_path):
    for name, (client, date, amount) in {"a.txt": ("Avril", "12 May 2026", 300), "b.txt": ("Dupont", "2026-02-02", 100),
                                         "c.txt": ("Roux", "2026-07-14", 30)}.items():
        (tmp_path / name).write_text(f"Invoice {name[0]}\nClient: {client}\nDate: {date}\nAmount: {amount}.00 EUR\n"
                                     "Status: unpaid\n", encoding="utf-8")
    return samples.invoice_tools(tmp_path)


@pytest.mark.parametrize("task", ["What is the total of the May invoices?", "What is the total of the Feb invoices?",
                                  "Quel est le total des factures de févr. ?", "Quel est le total des factures de l'été ?"])
def test_a_month_or_season_however_written_is_a_condition(spring, task):
    said = answer(task, spring)
    assert "430" not in said and ("condition" in said), said


def test_a_client_named_after_a_month_is_a_client(spring):
    assert answer("Combien doit Avril ?", spring).endswith("Total : 300 EUR. D'après 3 fichiers lus.")


@pytest.mark.parametrize(("task", "said"), [
    ("Is Lyon so much warmer than Paris?", "Whether that is 'much warmer' I do not judge."),
    ("Is Paris much warmer than Lyon?", "No: Lyon (21 °C) is warmer than Paris (18 °C), by 3 °C.")])
def test_much_warmer_says_no_when_it_is_not_warmer(task, said):
    assert answer(task, samples.weather_and_calc()).endswith(said)


@pytest.mark.parametrize("word", ["Environ", "Aujourd'hui", "Centigrades"])
def test_no_capitalised_word_is_glued_to_the_town_after_degrees(word):
    run = run_agent(practice_client(), f"De combien de degrés {word} Lyon est-elle plus chaude que Paris ?",
                    samples.weather_and_calc())
    assert all(i["city"] in ("Lyon", "Paris") for _, i in run.tool_calls) and "de 3 °C" not in run.answer, run.answer


@pytest.mark.parametrize("task", ["Combien d’articles parlent de l’hiver ?", "How many articles mention winter?"])
def test_a_count_of_documents_is_declined(articles, task):
    said = answer(task, articles)
    assert "15 kg" not in said and ("I do not count documents" in said or "Je ne compte pas les documents" in said), said


def test_a_french_verb_form_does_not_answer_how(articles):
    said = answer("Les freins, on les vérifie comment ?", articles)
    assert said.endswith("Je n'ai pas répondu à 'on les vérifie comment' : aucune phrase trouvée n'en parle."), said


def test_a_heading_with_a_qualifier_alone_is_the_thing_asked(tmp_path):
    (tmp_path / "pool.md").write_text("# Swimming pool\n\nThe swimming pool is 25 metres long.\n", encoding="utf-8")
    (tmp_path / "gym.md").write_text("# Gym\n\nThe gym opens at 6 am.\n", encoding="utf-8")
    assert answer("How long is the pool?", samples.docs_tools(tmp_path)).startswith("The swimming pool is 25 metres long.")


@pytest.mark.parametrize("task", ["List the clients.", "Quels sont les clients ?"])
def test_a_field_named_is_said_to_be_a_field(tmp_path, task):
    (tmp_path / "a.txt").write_text("Invoice A\nClient: Alpha\nAmount: 120.00 EUR\nStatus: unpaid\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Invoice B\nAmount: 50.00 EUR\nStatus: paid\n", encoding="utf-8")
    said = answer(task, samples.invoice_tools(tmp_path))
    assert "'Client' is a field of the records" in said or "'Client' est un champ des fiches" in said, said


@pytest.mark.parametrize(("task", "said"), [
    ("Look up teapot. Can I find one in stock?", "I did not answer 'Can I find one in stock'."),
    ("Cherche la clé mug.", "'mug' est dans le catalogue : name: Mug; price: 8.5; stock: 12; goes_with: teapot."),
    ("Cherche l'article teapot.", "'teapot' est dans le catalogue : name: Teapot; price: 24.0; stock: 0.")])
def test_a_key_after_cle_or_article_and_a_yes_no_with_find(shop, task, said):
    assert answer(task, shop).endswith(said)


@pytest.mark.parametrize("task", ["Cherche la clé mug dans le catalogue", "Cherche l'entrée mug", "Cherche le cours mug"])
def test_a_french_noun_before_the_key_is_no_part_of_it(shop, task):
    assert answer(task, shop).startswith("'mug' est dans le catalogue : name: Mug")


def test_asking_for_sources_after_french_turns_is_declined_in_french(articles):
    said = converse(["Les freins, on les vérifie quand ?", "Quelles sont tes sources ?"], articles)
    assert "La demande veut une source" in said and "The task" not in said, said


def test_somme_totale_is_french(tmp_path):
    (tmp_path / "a.txt").write_text("Facture A\nClient : Roux\nMontant : 90,00 €\nStatut : impayée\n", encoding="utf-8")
    assert answer("Somme totale ?", samples.invoice_tools(tmp_path)).startswith("Je ne sais pas répondre")


@pytest.fixture
def may(tmp_path):
    for name, (client, date, amount) in {"a.txt": ("May Corp", "12 May 2026", 150), "b.txt": ("Avril", "2026-03-02", 100),
                                         "c.txt": ("Roux", "15 fév. 2026", 50)}.items():
        (tmp_path / name).write_text(f"Invoice {name[0]}\nClient: {client}\nDate: {date}\nAmount: {amount}.00 EUR\n"
                                     "Status: unpaid\n", encoding="utf-8")
    return samples.invoice_tools(tmp_path)


@pytest.mark.parametrize("task", ["Quel est le total des factures de Mars ?", "TOTAL DES FACTURES DE MARS ?",
                                  "Total des factures de fév. ?", "May invoices: what is the total?", "Unpaid total, May?",
                                  "What was billed in may?", "Total of invoices (May)?", "Total des factures de nov. ?",
                                  "Total des factures d'été ?"])
def test_a_month_in_any_case_or_place_is_a_condition(may, task):
    said = answer(task, may)
    assert "300" not in said and "condition" in said, said


@pytest.mark.parametrize(("task", "said"), [("How much does May Corp owe?", "Total: 150 EUR. Based on 3 files read."),
                                            ("Combien doit Avril ?", "Total : 100 EUR. D'après 3 fichiers lus.")])
def test_a_client_named_like_a_month_is_a_client(may, task, said):
    assert answer(task, may).endswith(said)


def test_the_clients_of_records_that_all_have_one_are_listed(may):
    assert answer("Quels sont les clients ?", may).startswith("Fiches : Invoice a (May Corp, 150.00 EUR)")


@pytest.mark.parametrize("task", ["Aujourd'hui Lyon est-elle plus chaude que Paris ?",
                                  "Franchement Lyon est-elle plus froide que Paris ?"])
def test_an_adverb_before_the_town_is_no_part_of_it(task):
    run = run_agent(practice_client(), task, samples.weather_and_calc())
    assert all(i["city"] in ("Lyon", "Paris") for _, i in run.tool_calls) and "de 3 °C" not in run.answer, run.answer


def test_a_town_of_two_words_after_degrees_is_a_town():
    said = answer("De combien de degrés La Rochelle est-elle plus chaude que Paris ?", samples.weather_and_calc())
    assert "qu'à La Rochelle" in said, said


@pytest.mark.parametrize(("task", "key"), [("Cherche le client c2.", "c2"), ("Look up memo n1.", "n1"),
                                           ("Cherche l'ISBN 978-2070360024.", "978-2070360024")])
def test_a_word_before_an_id_is_no_key(task, key):
    get_thing = lookup_tool("get_thing", "thing_id", {"c2": "Carla", "n1": "Note one", "978-2070360024": "Dune"}.get)
    assert run_agent(practice_client(), task, [get_thing]).tool_calls == [("get_thing", {"thing_id": key})]


def test_documents_the_articles_speak_of_are_no_count_of_articles(tmp_path):
    (tmp_path / "joining.md").write_text("# Joining\n\nTo join, you need two documents: an ID card and a proof of address.\n",
                                         encoding="utf-8")
    said = answer("How many documents do I need to join?", samples.docs_tools(tmp_path))
    assert said.startswith("To join, you need two documents"), said


def test_sea_lions_are_not_the_lions_of_an_article_without_a_heading(tmp_path):
    (tmp_path / "lions.md").write_text("There are six lions. Lions are fed at 3 pm.\n", encoding="utf-8")
    (tmp_path / "sea-lions.md").write_text("# Sea lions\n\nThere are four sea lions. Sea lions are fed at 11 am.\n",
                                           encoding="utf-8")
    said = answer("When are the lions fed?", samples.docs_tools(tmp_path))
    assert said.startswith("Lions are fed at 3 pm.") and "11 am" not in said, said


def _filled(result: dict, props: dict):
    """What a schema of `props` gets after 'Look up mug.' with a lookup returning `result`."""
    return structured([lookup_tool("get_item", "key", lambda key: result)], "Look up mug.", props)


@pytest.mark.parametrize(("result", "props"), [
    ({"name": "Chess", "not_included": "boards"}, {"included": {"type": "string"}}),
    ({"seats_left_last_week": 3}, {"seats_left": {"type": "integer"}}),
    ({"price_usd": 13}, {"price_euros": {"type": "number"}}),
    ({"price_usd": 13}, {"total": {"type": "number", "description": "Total, in €"}}),
    ({"change_pct": -1.2}, {"change": {"type": "number"}})])
def test_a_schema_field_is_filled_only_from_a_field_of_its_name(result, props):
    assert _filled(result, props) is None


@pytest.mark.parametrize(("result", "props", "filled"), [
    ({"paid": False, "value": 4}, {"paid": {"type": "boolean"}}, {"paid": False}),
    ({"name": "Mug", "number": 7}, {"number": {"type": "integer"}}, {"number": 7}),
    ({"price_usd": 13, "name": "Mug"}, {"price_usd": {"type": "number"}}, {"price_usd": 13})])
def test_a_schema_field_of_a_result_key_s_name_is_filled(result, props, filled):
    assert _filled(result, props) == filled
