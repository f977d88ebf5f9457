"""The French mirror of the paraphrase suite: each English task of tests/paraphrase_cases.py meant to be answered
right, reworded as a French-speaking participant would type it, over the same generated data.

Part of the DEVELOPMENT suite, as the English cases are: the planner's rules may be tuned on these wordings, so
its figures here are a parity measure (French against English on the same cases), not a measure on unseen
wordings. The mirror is one to one: `CASES_FR` holds, for each English case it keeps, the same case (same
data, same truth) with the French task, in the order of `CASES`.

A few true or false facts of the English cases are in the planner's English ('Count: 3', 'Unpaid: ...',
'Grand total'); `french_fact` maps them to the planner's French (planner/_tools.IN_FRENCH) with the small
explicit tables below. Quotes of the generated English data ('53 metres', 'green and white', 'shipped') stay
as they are: a right French reply quotes the data as written.
"""

import dataclasses
import re

from paraphrase_cases import CASES, DECLINE, Case, has, prepare

FRENCH = {
    # invoices
    "In the folder bills, find the unpaid invoices; give their numbers and the total still due.":
        "Dans le dossier bills, trouve les factures impayées ; donne leurs numéros et le total qui reste dû.",
    "Which invoices in invoices haven't been paid yet, and how much is owed in total?":
        "Quelles factures de invoices n'ont pas encore été réglées, et combien nous doit-on au total ?",
    "In the folder bills, which invoices are not paid? Total due?":
        "Dans le dossier bills, quelles factures ne sont pas payées ? Total dû ?",
    "List the outstanding invoices in the bills folder and add up what we are owed.":
        "Liste les factures en attente de paiement dans le dossier bills et additionne ce qu'on nous doit.",
    "Which invoices in the folder bills are still open? What is the total?":
        "Quelles factures du dossier bills sont encore ouvertes ? Quel est le total ?",
    "Which invoices in the folder bills are settled?":
        "Quelles factures du dossier bills sont réglées ?",
    "Find the paid invoices in the folder bills and give the total.":
        "Trouve les factures payées dans le dossier bills et donne le total.",
    "Which invoices in the folder bills are not yet paid?":
        "Quelles factures du dossier bills ne sont pas encore payées ?",
    "How many invoices in the folder bills are unpaid?":
        "Combien de factures du dossier bills sont impayées ?",
    "How much does Garage Merlin owe? Look in the folder bills.":
        "Combien nous doit Garage Merlin ? Regarde dans le dossier bills.",
    "Which invoices in the folder bills are over 500 EUR and unpaid?":
        "Quelles factures du dossier bills dépassent 500 EUR et sont impayées ?",
    "Which unpaid invoices in the folder bills are due before 14/11/2026?":
        "Quelles factures impayées du dossier bills arrivent à échéance avant le 14/11/2026 ?",
    "In the folder bills, which bills are unpaid and what's the total?":
        "Dans le dossier bills, quelles notes sont impayées et ça fait combien au total ?",
    "What is the largest unpaid invoice in the folder bills?":
        "Quelle est la plus grosse facture impayée du dossier bills ?",
    "In the folder bills, which invoices are not unpaid?":
        "Dans le dossier bills, quelles factures ne sont pas impayées ?",
    "Which invoices in the folder bills have been paid, and which haven't?":
        "Quelles factures du dossier bills ont été payées, et lesquelles ne l'ont pas été ?",
    "In the folder bills, which invoices are paid and which are unpaid? Totals?":
        "Dans le dossier bills, quelles factures sont payées et lesquelles sont impayées ? Les totaux ?",
    "In the directory bills, find the unpaid invoices and the total still due.":
        "Dans le répertoire bills, trouve les factures impayées et le total encore dû.",
    "Which invoices in the folder bills are unpaid, and what do they add up to?":
        "Quelles factures du dossier bills sont impayées, et à combien se montent-elles en tout ?",
    "In the folder bills, find the unpaid invoices and the total still due.":
        "Dans le dossier bills, cherche les factures non payées et le total restant dû.",
    "Which invoices in the folder bills are outstanding? Give the total.":
        "Quelles factures du dossier bills restent à encaisser ? Donne le total.",
    "Which invoices from Pharmacie Iris in the folder bills are not paid?":
        "Quelles factures de Pharmacie Iris dans le dossier bills ne sont pas payées ?",
    "Give me all invoices in the folder bills and their total.":
        "Donne-moi toutes les factures du dossier bills et leur total.",
    "How much is still owed in total across the invoices in the folder compta?":
        "Combien reste-t-il à payer au total sur les factures du dossier compta ?",
    "Which invoices in the folder bills remain unpaid? Total?":
        "Quelles factures du dossier bills restent impayées ? Total ?",
    "Which invoices in the folder bills are unpaid and not from Librairie Sable?":
        "Quelles factures du dossier bills sont impayées sans être de Librairie Sable ?",
    "Show me the unpaid bills in the folder bills.":
        "Montre-moi les factures impayées du dossier bills.",
    "In the folder bills, give the numbers of the invoices that are not settled.":
        "Dans le dossier bills, donne les numéros des factures qui ne sont pas réglées.",
    "How many invoices in the folder bills are paid, and what is their total?":
        "Combien de factures du dossier bills sont payées, et quel est leur total ?",
    "Count the outstanding invoices in the folder bills.":
        "Compte les factures en souffrance dans le dossier bills.",
    "Which invoices in the folder bills are unpaid and under 1000 EUR?":
        "Quelles factures du dossier bills sont impayées et font moins de 1000 EUR ?",
    "Which invoices in the folder bills have not been paid by Garage Merlin?":
        "Quelles factures du dossier bills Garage Merlin n'a-t-il pas payées ?",
    "List every invoice in the folder bills that is still to be paid.":
        "Liste toutes les factures du dossier bills qui restent à payer.",
    "Who still owes us money? Check the folder bills and give the total.":
        "Qui nous doit encore de l'argent ? Vérifie le dossier bills et donne le total.",
    "Which invoices in the folder bills are due after 11/11/2026? Give the total.":
        "Quelles factures du dossier bills sont à payer après le 11/11/2026 ? Donne le total.",
    "In the folder bills, which invoices are unpaid, and what is the total?":
        "Dans le dossier bills, quelles factures sont impayées, et quel est le total ?",
    "Which invoices in the folder bills have been settled?":
        "Quelles factures du dossier bills ont été soldées ?",
    # research
    "When did the Arlenne tram network open?": "En quelle année le réseau de tram d'Arlenne a-t-il ouvert ?",
    "How many lines does the Brevik tram have?": "Combien de lignes compte le tram de Brevik ?",
    "How tall is the lighthouse at Cape Mirrow?": "Quelle est la hauteur du phare de Cape Mirrow ?",
    "How far out at sea can the beam of the lighthouse at Cape Sorrel be seen?":
        "Jusqu'à quelle distance en mer voit-on le faisceau du phare de Cape Sorrel ?",
    "What do our notes say about the Fjallby tram network?": "Que disent nos notes sur le réseau de tram de Fjallby ?",
    "How long do saved tomato seeds keep?": "Combien de temps se conservent les graines de tomate qu'on a gardées ?",
    "How much do tomato seeds cost?": "Combien coûtent les graines de tomate ?",
    "How often do trams run in Gorvane at peak times?": "À quelle fréquence passent les trams à Gorvane aux heures de pointe ?",
    "When did the Espirel tram network open?": "Quand le réseau de tramway d'Espirel a-t-il été ouvert ?",
    "When was the lighthouse at Cape Sorrel built?": "Quand le phare de Cape Sorrel a-t-il été construit ?",
    "How long do tomato seeds ferment?": "Combien de temps les graines de tomate fermentent-elles ?",
    "How often should office plants be watered?": "Tous les combien faut-il arroser les plantes de bureau ?",
    "How many lines does the Halvik tram network have?": "Combien de lignes a le réseau de tram de Halvik ?",
    "When did the keepers leave the lighthouse at Cape Mirrow?": "Quand les gardiens ont-ils quitté le phare de Cape Mirrow ?",
    "What colour are the Espirel trams?": "De quelle couleur sont les trams d'Espirel ?",
    # weather and calculator
    "What's the weather in Dunmara, and what is 526 * 73?": "Quel temps fait-il à Dunmara, et combien font 526 * 73 ?",
    "How warm is it in Espirel and in Arlenne?": "Il fait combien à Espirel et à Arlenne ?",
    "What's the weather in Dunmara, what is 526 + 94, and who is the mayor of Dunmara?":
        "Quel temps fait-il à Dunmara, combien font 526 + 94, et qui est le maire de Dunmara ?",
    "What is 581 times 41?": "Combien font 581 fois 41 ?",
    "What is 165 * 97?": "Ça fait combien, 165 * 97 ?",
    "Compute (603 + 22) * 6, please.": "Calcule (603 + 22) * 6, s'il te plaît.",
    "What is the temperature in Brevik right now?": "Quelle température fait-il à Brevik en ce moment ?",
    "Tell me the weather in Halvik and Arlenne.": "Donne-moi la météo à Halvik et à Arlenne.",
    "What is 306 minus 68?": "Combien font 306 moins 68 ?",
    "What's the temperature in Brevik, and what's 457 + 34?": "Quelle est la température à Brevik, et combien font 457 + 34 ?",
    "What is the weather in Fjallby, Castelmoor and Gorvane?": "Quel temps fait-il à Fjallby, Castelmoor et Gorvane ?",
    "Is it warmer in Halvik than in Espirel?": "Fait-il plus chaud à Halvik qu'à Espirel ?",
    "Give me the weather in Castelmoor and Arlenne, then add 855 and 38.":
        "Donne-moi la météo à Castelmoor et à Arlenne, puis additionne 855 et 38.",
    "What is -670 + 77?": "Combien font -670 + 77 ?",
    "What is (74 - 58) * -2?": "Combien fait (74 - 58) * -2 ?",
    "What is 429 + 10, and what is the weather in Paris?": "Combien font 429 + 10, et quel temps fait-il à Paris ?",
    "What's the weather in Arlenne and Castelmoor, and which is warmer?":
        "Quel temps fait-il à Arlenne et à Castelmoor, et où fait-il le plus chaud ?",
    # catalogue and orders
    "Look up 'botany' in the catalogue.": "Cherche 'botany' dans le catalogue.",
    "What does the catalogue say for key astronomy?": "Que dit le catalogue pour la clé astronomy ?",
    "Look up the catalogue entry 'welding'.": "Regarde l'entrée 'welding' du catalogue.",
    "Look up 'robotics' and 'welding' in the catalogue.": "Cherche 'robotics' et 'welding' dans le catalogue.",
    "Which modules does the catalogue entry 'ceramics' have?": "Quels modules a l'entrée 'ceramics' du catalogue ?",
    "Show me the catalogue entry for key astronomy.": "Montre-moi l'entrée du catalogue pour la clé astronomy.",
    "Look up 'botany' and tell me its price.": "Cherche 'botany' et dis-moi son prix.",
    "What is the status of order 'A-4417'?": "Où en est la commande 'A-4417' ?",
    "What is the status of order 'B-0001'?": "Quel est le statut de la commande 'B-0001' ?",
    "Look up 'astronomy' in the catalogue and tell me its teacher.":
        "Cherche 'astronomy' dans le catalogue et dis-moi qui l'enseigne.",
    "Is 'robotics' cheaper than 'astronomy' in the catalogue?": "Dans le catalogue, 'robotics' coûte-t-il moins cher que 'astronomy' ?",
    "What is the second module of catalogue entry 'ceramics'?": "Quel est le deuxième module de l'entrée 'ceramics' du catalogue ?",
    # fixed invoice folders
    "Which invoices in the folder bills are paid? Give the total.": "Quelles factures du dossier bills sont payées ? Donne le total.",
    "Total of the unpaid invoices in the folder bills?": "Total des factures impayées du dossier bills ?",
    "Has Studio Malo paid all its invoices? Look in the folder bills.":
        "Studio Malo a-t-il payé toutes ses factures ? Regarde dans le dossier bills.",
    "Which invoices in old-bills are unpaid?": "Quelles factures de old-bills sont impayées ?",
    "In the folder bills, what is the grand total, paid or not?": "Dans le dossier bills, quel est le total général, payé ou non ?",
    "Which invoices in the folder bills are settled, and when?": "Quelles factures du dossier bills sont réglées, et quand ?",
    "When is invoice 2026-10-013 due? Check the folder bills.":
        "Quelle est l'échéance de la facture 2026-10-013 ? Vérifie dans le dossier bills.",
    "Is invoice 2026-10-016 paid? It is in the folder bills.": "La facture 2026-10-016 est-elle payée ? Elle est dans le dossier bills.",
    "How many invoices are there in the folder bills?": "Combien y a-t-il de factures dans le dossier bills ?",
    "When was the lighthouse at Cape Verrin built, and who paints it?":
        "Quand le phare de Cape Verrin a-t-il été construit, et qui le repeint ?",
    "What is owed by clients other than Studio Malo? Folder bills.":
        "Que nous doivent les clients autres que Studio Malo ? Dossier bills.",
    "Which invoices in the folder bills are unpaid, except those of Atelier Corail?":
        "Quelles factures du dossier bills sont impayées, à part celles d'Atelier Corail ?",
    "Which invoices in the folder bills are unpaid, and what is owed by each client?":
        "Quelles factures du dossier bills sont impayées, et combien doit chaque client ?",
    "Which invoices in the folder bills are paid, and what is the grand total?":
        "Quelles factures du dossier bills sont payées, et quel est le total général ?",
    "When did the Fjallby tram network open, and how tall is the lighthouse at Cape Sorrel?":
        "Quand le réseau de tram de Fjallby a-t-il ouvert, et quelle est la hauteur du phare de Cape Sorrel ?",
    "Which of the invoices in the folder bills are not paid yet?":
        "Parmi les factures du dossier bills, lesquelles ne sont pas encore payées ?",
    "Is anything still open in the folder bills?": "Reste-t-il quelque chose d'ouvert dans le dossier bills ?",
    "Which unpaid invoice in the folder bills is the largest?": "Quelle facture impayée du dossier bills est la plus élevée ?",
    "How much does each client owe in the folder bills?": "Combien doit chaque client dans le dossier bills ?",
    "What is the total of the invoices over 500 EUR in the folder bills?":
        "Quel est le total des factures de plus de 500 EUR dans le dossier bills ?",
    "Total of the unpaid invoices of at least 430 EUR in the folder bills?":
        "Total des factures impayées d'au moins 430 EUR dans le dossier bills ?",
    "What is the total owed by Studio Kelp and Garage Merlin together? Folder bills.":
        "Combien nous doivent Studio Kelp et Garage Merlin à eux deux ? Dossier bills.",
    "Are all invoices in the folder bills paid?": "Toutes les factures du dossier bills sont-elles payées ?",
    "Which invoices in the folder bills are unpaid? Also, which ones are paid?":
        "Quelles factures du dossier bills sont impayées ? Et lesquelles sont payées ?",
    "Which invoices in the folder bills have been fully paid?": "Quelles factures du dossier bills ont été entièrement payées ?",
    "How many clients owe money? Folder bills.": "Combien de clients nous doivent de l'argent ? Dossier bills.",
    "How many invoices in the folder bills are unpaid and above 400 EUR?":
        "Combien de factures du dossier bills sont impayées et au-dessus de 400 EUR ?",
    "Which invoices in the folder bills were due before 12/11/2026 but are still unpaid?":
        "Quelles factures du dossier bills étaient dues avant le 12/11/2026 mais sont toujours impayées ?",
    "What is the total of invoices 2026-11-002 and 2026-11-005 in the folder bills?":
        "Quel est le total des factures 2026-11-002 et 2026-11-005 du dossier bills ?",
    "Which invoices in the folder bills are unpaid? Are they all from the same client?":
        "Quelles factures du dossier bills sont impayées ? Viennent-elles toutes du même client ?",
    "Which invoices in the folder bills are unpaid, and when are they due?":
        "Quelles factures du dossier bills sont impayées, et pour quand sont-elles dues ?",
    "Which invoices in the folder bills are unpaid for Boulangerie Aube or Studio Kelp, and what's their total?":
        "Quelles factures du dossier bills sont impayées pour Boulangerie Aube ou Studio Kelp, et combien font-elles au total ?",
    "In the folder bills, is invoice 2026-11-003 paid or unpaid?": "Dans le dossier bills, la facture 2026-11-003 est-elle payée ou non ?",
    "In the folder bills, what do the clients owe, client by client?":
        "Dans le dossier bills, que doivent les clients, client par client ?",
    "Which invoices in the folder bills are paid, and what is the total of all invoices?":
        "Quelles factures du dossier bills sont payées, et quel est le total de toutes les factures ?",
    "Which of Studio Kelp's invoices are unpaid? Folder bills.": "Lesquelles des factures de Studio Kelp sont impayées ? Dossier bills.",
    "In the folder bills, how much is outstanding, excluding Studio Kelp?":
        "Dans le dossier bills, combien reste-t-il à encaisser, hors Studio Kelp ?",
    "How much does each client owe? Folder bills.": "Combien doit chaque client ? Dossier bills.",
    "What is the unpaid total in the folder bills? Don't count Studio Kelp.":
        "Quel est le total impayé dans le dossier bills ? Ne compte pas Studio Kelp.",
    "How many unpaid invoices does each client have in the folder bills?":
        "Combien de factures impayées chaque client a-t-il dans le dossier bills ?",
}

# English facts in the planner's words, as its French reply writes them
STRINGS = {"Yes": "Oui", "did not follow": "je ne l'ai pas suivie",
           "found nothing about 'price'": re.compile(r"rien trouvé sur [^.]*'prix'"),
           "could not answer 'who is the mayor of Dunmara'": "n'ai pas pu répondre à 'qui est le maire de Dunmara'",
           "is in the": re.compile(r"figure dans les|est dans le")}
STRING_PATTERNS = [(r"^'(\w+)' is not a key of the (\w+)$", r"'\1' n'est pas une clé du \2"),
                   (r"^Total paid: ", "Total payé : "), (r"^Total unpaid: ", "Total impayé : ")]
PATTERN_PIECES = [("(?<!Un)Unpaid", "Impayées"), ("(?<!Un)Paid", "Payées"), ("Unpaid", "Impayées"), ("Paid", "Payées"),
                  ("Impayées: ", "Impayées : "), ("Payées: ", "Payées : "),
                  ("(?i)client count: ", "(?i)nombre de clients? : "), ("Count: ", "Nombre : "),
                  ("Grand total", "Total général"), ("grand total", "total général"),
                  ("cannot give a complete total of the \\w+: the 2 listed add up to",
                   "ne peux pas donner le total complet des \\w+ : les 2 listées font"),
                  ("cannot give a complete total of the \\w+: ", "ne peux pas donner le total complet des \\w+ : "),
                  ("no date|when", "pas de date|quand"),
                  ("warmer|colder|same|did not compare", "ne les ai pas comparés|fait plus (?:chaud|froid) à|même température"),
                  ("did not answer 'who paints it'", "n'ai pas répondu à 'qui le repeint'"),
                  ("did not answer 'Are they all from the same client'",
                   "n'ai pas répondu à 'Viennent-elles toutes du même client'")]

# the planner's French for the English declines DECLINE knows (cannot, found nothing, is not a key, is not found)
DECLINE_FR = re.compile(r"\bne peux pas\b|\brien trouvé\b|n'est pas une clé|\best introuvable\b|n'est pas dans", re.IGNORECASE)


def french_fact(fact):
    """An English case's fact as the French reply states it: mapped if in the planner's English, else as is."""
    if isinstance(fact, re.Pattern):
        source = fact.pattern
        for english, french in PATTERN_PIECES:
            source = source.replace(english, french)
        return re.compile(source, fact.flags)
    if fact in STRINGS:
        return STRINGS[fact]
    for english, french in STRING_PATTERNS:
        fact = re.sub(english, french, fact)
    return fact


def in_french(build):
    """`build` with its true and false facts mapped by french_fact."""
    def french_build(root):
        tools, facts, false = build(root)
        return tools, [french_fact(f) for f in facts], [french_fact(f) for f in false]
    return french_build


def verdict(answer: str, facts: list, false: list) -> str:
    """paraphrase_cases.verdict, with the planner's French declines counted as declines too."""
    answer = answer or ""
    declined = DECLINE.search(answer) or DECLINE_FR.search(answer)
    if any(has(answer, f) for f in false):
        return "wrong"
    if facts and all(has(answer, f) for f in facts) or not facts and not declined:
        return "right"
    return "declined" if declined else "wrong"


def run_case(case: Case, root) -> tuple[str, str, list, list]:
    """Run one case through the real SDK on a fresh practice client: (verdict, answer, facts, false)."""
    from looplab.client import practice_client
    from looplab.loop import run_agent

    tools, facts, false = prepare(case, root)
    run = run_agent(practice_client(), case.task, tools, max_turns=8)
    answer = run.answer or f"(no answer: run {run.status})"
    return verdict(answer, facts, false), answer, facts, false


CASES_FR = [dataclasses.replace(case, name=case.name + " (fr)", task=FRENCH[case.task], build=in_french(case.build))
            for case in CASES if case.task in FRENCH]
