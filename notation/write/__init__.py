"""Writers: replayed games out in the formats modern tools read, and in book notations."""


class CannotWrite(ValueError):
    """A game that a format has no way to print (a pass in a notation that prints none, a man dropped from
    the pocket in a book notation): the message says what, and where in the record (its line)."""
