"""How a research decline starts: the documents' answer was not found ('The documents do not answer …', searched
and nothing came back), or a document had every term and no sentence the rules could match ('I could not find an
answer I can stand behind …', which claims nothing of the document)."""

NO_ANSWER = ("The documents do not answer this question", "I could not find an answer I can stand behind")


def no_answer(text: str) -> bool:
    """Whether `text` is a research decline of either kind."""
    return "do not answer" in text or "could not find an answer I can stand behind" in text
