"""Headings and results of printed games: what a book prints around a score becomes the record's tags,
its title, its PGN tags and its result (``head`` of grammars/chess_heading.lark, the layout's RESULT).

Each form below is a form of the period's printing, with a test of its own: the forms are read
wherever they stand, not in one book.
"""

import re

import chess
import pytest

from notation.model import SourceText
from notation.parse.chess_book import _Series, book_spans, leading_headings, read_heading
from notation.pipeline import process, split_source
from notation.rules.chess import FAMILY as CHESS
from notation.rules.chess.replay import mates_in, pgn_result
from notation.write.pgn import write_game


def games_of(text, path="book.txt"):
    return [process(r) for r in split_source(SourceText(path, text))]


def score(*pairs, indent="       "):
    """Moves in two numbered columns, as the books print them."""
    return "\n".join(f"{indent}{n}. {w:<24}{n}. {b}".rstrip() for n, (w, b) in enumerate(pairs, 1))


SCHOLAR = [("P. to K's 4th.", "P. to K's 4th."), ("K. B. to Q. B's 4th.", "K. B. to Q. B's 4th."),
           ("Q. to K. R's 5th.", "K. Kt. to B's 3d.")]
OPENING = [("P. to K's 4th.", "P. to K's 4th."), ("K. Kt. to B's 3d.", "Q. Kt. to B's 3d.")]


# -- each heading form ----------------------------------------------------------


@pytest.mark.parametrize("heading, tags", [
    ("W. Steinitz v. B. Vergani.", {"White": "Steinitz, W.", "Black": "Vergani, B."}),
    ("M. TCHIGORIN V. I. GUNSBERG.", {"White": "Tchigorin, M.", "Black": "Gunsberg, I."}),
    ("White: Mr. Staunton. Black: Mr. Horwitz.", {"White": "Staunton", "Black": "Horwitz"}),
    ("Weiß: Anderssen. Schwarz: Dufresne.", {"White": "Anderssen", "Black": "Dufresne"}),
    ("Weiß – Morphy. Schwarz – Anderssen.", {"White": "Morphy", "Black": "Anderssen"}),  # not "Schwarz" v. "Anderssen"
    ("Anderssen – Dufresne, Berlin 1852.",
     {"White": "Anderssen", "Black": "Dufresne", "Site": "Berlin", "Date": "1852.??.??"}),
    ("Anderssen gegen Kieseritzky, London 1851.",
     {"White": "Anderssen", "Black": "Kieseritzky", "Site": "London", "Date": "1851.??.??"}),
    ("(Evans Gambit.)", {"Opening": "Evans Gambit"}),
    ("RUY LOPEZ.", {"Opening": "RUY LOPEZ"}), ("The Giuoco Piano.", {"Opening": "Giuoco Piano"}),  # no kind's word
    ("Partie Nr. 3. Spanische Partie.", {"Opening": "Spanische Partie"}),
    ("Game IV. — King's Gambit Declined.", {"Opening": "King's Gambit Declined"}),
    ("GAME II.--Played at the Philadelphia Athenaeum,\n    between Mr. McCabe and Mr. H. P. Montgomery.",
     {"Site": "Philadelphia Athenaeum"}),
    ("Played in the London Tournament, 1851, between Mr. Anderssen and Mr. Kieseritzky.",
     {"Event": "London Tournament", "Date": "1851.??.??"}),
    ("Between the same players. (March 12, 1859.)", {"Date": "1859.03.12"}),
    # A house, then its city; the small words of a house's name; a match at a place of two words.
    ("Played in the Café de la Régence, Paris, in 1858.", {"Site": "Café de la Régence, Paris", "Date": "1858.??.??"}),
    ("Played at the Athenaeum, Philadelphia, March 10, 1859.",
     {"Site": "Athenaeum, Philadelphia", "Date": "1859.03.10"}),
    ("Played at New York, October, 1857.", {"Site": "New York", "Date": "1857.10.??"}),  # a month is no city
    # (The event's own place after its word is where it was played.)
    ("Played in a match at New York, October, 1857.",
     {"Event": "match at New York", "Site": "New York", "Date": "1857.10.??"}),
    ("ROUND III.", {"Round": "3"}),
    ("Third Round.", {"Round": "3"}),
    ("AUGUST 5.", {"Date": "????.08.05"}),
    ("Game 1, played on the 26th of April.", {"Date": "????.04.26"}),
    # (A tournament book's day of play, its weekday first: was no heading.)
    ("Monday, March 25th, 1889.", {"Date": "1889.03.25"}), ("Monday, 25th March, 1889.", {"Date": "1889.03.25"}),
    ("Played on Monday, March 25th, 1889.", {"Date": "1889.03.25"}),
    ("Montag, den 25. März 1889.", {"Date": "1889.03.25"}),
    # (A place and its date, alone or in brackets after the players: was no heading.)
    ("New York, March 25th, 1889.", {"Site": "New York", "Date": "1889.03.25"}),
    ("Blackburne v. Zukertort (London, 1883).",
     {"White": "Blackburne", "Black": "Zukertort", "Site": "London", "Date": "1883.??.??"}),
    ("Anderssen v. Kieseritzky (London, June 21, 1851).",
     {"White": "Anderssen", "Black": "Kieseritzky", "Site": "London", "Date": "1851.06.21"}),
    ("GAME 3.--Played at Simpson's Divan, 1852.", {"Site": "Simpson's Divan", "Date": "1852.??.??"}),
    # (An event's name of several words after "Played in", no place and event split: was Site "Counties Chess
    # Association", Event "Meeting".)
    ("Played in the Counties Chess Association Meeting, 1858.",
     {"Event": "Counties Chess Association Meeting", "Date": "1858.??.??"}),
    ("S. TINSLEY V, J. Mason.", {"White": "Tinsley, S.", "Black": "Mason, J."}),  # OCR's "V," for "v."
    ("A. Albin vs. H. E. Bird", {"White": "Albin, A.", "Black": "Bird, H. E."}),
    # The OCR's small letters among capitals, and a stray one before a name, are no part of it.
    ("J. H. BLACKBURNE V. W. StEINITZ.", {"White": "Blackburne, J. H.", "Black": "Steinitz, W."}),
    ("S. TiNSLEY V. J. jMieses.", {"White": "Tinsley, S.", "Black": "Mieses, J."}),
    # A side's colour printed after its name, in either order; a side of several by the book's word for it.
    ("Mr. Morphy (White) v. Mr. Harrwitz (Black).", {"White": "Morphy", "Black": "Harrwitz"}),
    ("Mr. Harrwitz (Black) v. Mr. Morphy (White).", {"White": "Morphy", "Black": "Harrwitz"}),
    ("MORPHY v. THE ALLIES.", {"White": "Morphy", "Black": "Allies"}),
    # A peer by his title, his name and his land, as "the Duke of Brunswick" is.
    ("Prince Dadian of Mingrelia v. M. Fedoroff.", {"White": "Prince Dadian of Mingrelia", "Black": "Fedoroff"}),
    ("The Duke of Brunswick v. Mr. Morphy.", {"White": "Duke of Brunswick", "Black": "Morphy"}),
    # A match's game: its number is its round.
    ("Game 7 of the match.", {"Round": "7"}), ("Partie 7 des Wettkampfes.", {"Round": "7"}),
    ("GAME VII. of the match between Mr. Morphy and Mr. Harrwitz.", {"Round": "7"}),
    # Each colour a side of two in consultation.
    ("Played in consultation.\nWhite: Messrs. Staunton and Owen.\nBlack: Messrs. Löwenthal and Barnes.",
     {"White": "Owen:Staunton", "Black": "Barnes:Löwenthal"}),
    ("Played at the London Tournament, 1883.", {"Event": "London Tournament", "Date": "1883.??.??"}),
    # A particle of a name is no composer's "by" (German "von"): Hastings 1895's three games of von Bardeleben's
    # as Black were no records of their own once "VON" was read so.
    ("C. SCHLECHTER V. C. VON BARDELEBEN.", {"White": "Schlechter, C.", "Black": "Von Bardeleben, C."}),
    # The colours' forms with a peer for a side, in capitals, with his ally in consultation; both in one sentence.
    ("White: P. MORPHY.  Black: DUKE OF BRUNSWICK AND COUNT ISOUARD.",
     {"White": "Morphy, P.", "Black": "Duke of Brunswick:Isouard"}),
    ("White: Mr. Morphy. Black: The Duke of Brunswick.", {"White": "Morphy", "Black": "Duke of Brunswick"}),
    ("White: P. Morphy.  Black: Duke of Brunswick.", {"White": "Morphy, P.", "Black": "Duke of Brunswick"}),  # not "Duke"
    ("White, Morphy; Black, the Duke of Brunswick and Count Isouard.",
     {"White": "Morphy", "Black": "Duke of Brunswick:Isouard"}),
    # Each side in brackets after its colour's word, a side of several named whole (it was no heading at all).
    ("White (Morphy). Black (Duke of Brunswick and Count Isouard).",
     {"White": "Morphy", "Black": "Duke of Brunswick:Isouard"}),
    ("White (Messrs. Staunton and Owen). Black (Messrs. Löwenthal and Barnes).",
     {"White": "Owen:Staunton", "Black": "Barnes:Löwenthal"}),
    # Where and when, then the occasion to the heading's end.
    ("Played at the Opera House, Paris, 1858, during a performance of The Barber of Seville.",
     {"Site": "Opera House, Paris", "Date": "1858.??.??"}),
    ("Game played at the St. George's Club, London, between Messrs. Staunton and Horwitz.",
     {"Site": "St. George's Club, London"}),
    ("(Played in the Hastings Tournament, 1895.)", {"Event": "Hastings Tournament", "Date": "1895.??.??"}),
    ("Dr. Tarrasch (White) v. Mr. Lasker (Black).", {"White": "Tarrasch", "Black": "Lasker"}),
    ("Tarrasch (White) — Lasker (Black).", {"White": "Tarrasch", "Black": "Lasker"}),
    # The result printed after the players.
    ("Steinitz v. Zukertort. Won by White.", {"White": "Steinitz", "Black": "Zukertort", "Result": "1-0"}),
    ("Steinitz v. Zukertort, London 1883. Black wins.",
     {"White": "Steinitz", "Black": "Zukertort", "Site": "London", "Date": "1883.??.??", "Result": "0-1"}),
    ("Mr. Morphy (White) v. Mr. Harrwitz (Black). Drawn game.",
     {"White": "Morphy", "Black": "Harrwitz", "Result": "1/2-1/2"}),  # not Black "Drawn, Harrwitz." nor an opening
    # The opening's name in quotes after the label, where and when after it (was: no heading, nothing read).
    ('GAME 12.--"Ruy Lopez." Played at Glasgow, 1890.',
     {"Opening": "Ruy Lopez", "Site": "Glasgow", "Date": "1890.??.??"}),
    ('Game XV.--"The Evergreen Game."', {"Opening": "The Evergreen Game"}),
    # Who gave what odds after where and when (was: no heading read, its place and year lost).
    ("Played at the London Chess Club, in 1858, Mr. Morphy giving the odds of his Queen's Knight.",
     {"Site": "London Chess Club", "Date": "1858.??.??"}),
    ("Played in London, 1858, Morphy giving the odds of Pawn and two moves.", {"Site": "London", "Date": "1858.??.??"}),
    # An event's year after "of" (was: no heading read, the event, year and players lost).
    ("Played in the Vienna Tournament of 1873.", {"Event": "Vienna Tournament", "Date": "1873.??.??"}),
])
def test_each_heading_form_gives_its_tags(heading, tags):
    assert read_heading(heading).tags == tags


# -- German forms: a periodical's numbered game, where and when, the names over the columns' heads -----------


@pytest.mark.parametrize("heading, tags", [
    ("3669. Evansgambit.", {"Opening": "Evansgambit"}),
    ("Gespielt im Schachclub zu Philadelphia im März 1876.", {"Site": "Schachclub zu Philadelphia", "Date": "1876.03.??"}),
    ("Gespielt im Divan - Turnier.", {"Event": "Divan - Turnier"}),
    ("Gespielt im Divan-Turnier.", {"Event": "Divan-Turnier"}),  # one word, an event's all the same
    # An event's word names an event, though a house's name ("im Café ...") would read the words too.
    # (A town's adjective before the event's word names the Site, as "Tournament at Hastings" does.)
    ("Gespielt im Wiener Turnier am 12. Juni 1873.", {"Event": "Wiener Turnier", "Site": "Wien", "Date": "1873.06.12"}),
    ("Gespielt im Wiener Turnier 1873 zwischen den Herren Steinitz und Anderssen.",
     {"Event": "Wiener Turnier", "Site": "Wien", "Date": "1873.??.??"}),  # ("zwischen": no colours said)
    ("Gespielt im Leipziger Hauptturnier 1894.", {"Event": "Leipziger Hauptturnier", "Site": "Leipzig",
                                                   "Date": "1894.??.??"}),
    # (An adjective that declines is no town's: "Deutscher" names no Site "Deutsch".)
    ("Gespielt im Deutscher Turnier 1881.", {"Event": "Deutscher Turnier", "Date": "1881.??.??"}),
    ("Weiß: Anderssen und Neumann. Schwarz: Zukertort.", {"White": "Anderssen:Neumann", "Black": "Zukertort"}),
    ("Weiß: Herr v. d. Lasa. Schwarz: Herr Mayet.", {"White": "Lasa, v. d.", "Black": "Mayet"}),  # particles cut short
    # The event's word before the players: no player's name; the event's word alone names it ("Wettkampf").
    ("Wettkampf Anderssen – Steinitz, London 1866.",
     {"White": "Anderssen", "Black": "Steinitz", "Event": "Wettkampf", "Site": "London", "Date": "1866.??.??"}),
    ("(Gespielt in Wien am 5. Mai 1873.)", {"Site": "Wien", "Date": "1873.05.05"}),
    ("POTTER. WISKER. Weiss. Schwarz.", {"White": "Potter", "Black": "Wisker"}),
    # A side of two in consultation, as PGN writes it: alphabetical, a colon between.
    ("MASON und MARTINEZ. MACKENZIE. Weiss. Schwarz.", {"White": "Martinez:Mason", "Black": "Mackenzie"}),
    # "X – Y, Site Year" with a side of two in consultation, "und" between them.
    ("Morphy – Herzog Karl und Graf Isouard, Paris 1858",
     {"White": "Morphy", "Black": "Isouard, Graf:Karl, Herzog", "Site": "Paris", "Date": "1858.??.??"}),
])
def test_each_german_heading_form_gives_its_tags(heading, tags):
    assert read_heading(heading).tags == tags


def test_a_result_alone_heads_nothing():
    """"Drawn.", "Won by White." alone end the game above: no heading of the game below (a result is read after
    the players only)."""
    assert all(read_heading(text) is None for text in ("Drawn.", "Won by White.", "White wins.", "Drawn game."))


def test_a_result_in_the_heading_is_the_games_result():
    (g,) = games_of("Steinitz v. Zukertort. Won by White.\n\n" + score(*OPENING) + "\n")
    assert g.tags["Result"] == "1-0" and g.result == "1-0"


def test_a_chapters_title_over_a_games_heading_is_stored_with_the_game():
    """"CHAPTER IV" / "ILLUSTRATIVE GAMES" over "GAME 7": text with no move-like word cut off above a game's heading
    is stored with the game (it was a record of its own that no family reads, an error)."""
    text = ("CHAPTER IV\n\nILLUSTRATIVE GAMES\n\n\nGAME 7\n\nPlayed at the Opera House, Paris, 1858, during a "
            "performance of The Barber of Seville.\n\nWhite: P. MORPHY.  Black: DUKE OF BRUNSWICK AND COUNT "
            "ISOUARD.\n\nPHILIDOR'S DEFENCE\n\n     WHITE           BLACK\n  1. P-K4           P-K4\n"
            "  2. Kt-KB3         P-Q3\n  3. P-Q4           B-Kt5\n  4. PxP            BxKt\n")
    (g,) = games_of(text)
    assert g.record.text.startswith("CHAPTER IV\n\nILLUSTRATIVE GAMES") and g.status == "ok" and len(g.moves) == 8
    assert g.tags == {"White": "Morphy, P.", "Black": "Duke of Brunswick:Isouard", "Site": "Opera House, Paris",
                      "Date": "1858.??.??", "Opening": "PHILIDOR'S DEFENCE"}



def test_a_books_preface_above_its_first_game_stays_a_text_of_its_own():
    """A preface (more than a heading's few lines, no move-like word) above the first game's heading is no part
    of the game's record: the game's text begins at its own heading."""
    preface = "\n\n".join(f"Paragraph {k} of the preface, on the history of the game and its masters." for k in range(14))
    text = (f"PREFACE\n\n{preface}\n\n\nGAME 7\n\nWhite: Mr. Morphy. Black: Mr. Bird.\n\n     WHITE           BLACK\n"
            "  1. P-K4           P-K4\n  2. Kt-KB3         P-Q3\n")
    front, game = games_of(text)
    assert front.record.text.startswith("PREFACE") and game.record.text.startswith("GAME 7")
    assert game.status == "ok" and game.tags["White"] == "Morphy"

def test_a_german_numbered_heading_is_the_games_label():
    h = read_heading("3685. Spanische Partie.")
    assert h.label == "3685" and h.begins_a_game() and h.tags == {"Opening": "Spanische Partie"}


@pytest.mark.parametrize("heading, players, tags", [
    ("Zwischen den Herren Anderssen und Zukertort.", ["Anderssen", "Zukertort"], {}),  # "den Herren" no name's
    ("Gespielt in Leipzig am 15. Juli 1877 zwischen den Herren Anderssen und Zukertort.", ["Anderssen", "Zukertort"],
     {"Site": "Leipzig", "Date": "1877.07.15"}),
])
def test_zwischen_names_two_players_without_their_colours(heading, players, tags):
    h = read_heading(heading)
    assert h.players == players and h.tags == tags


def test_three_names_joined_by_und_say_no_sides():
    """"MASON und MARTINEZ und MACKENZIE." does not say which two are one side: no colours, no players."""
    for text in ("MASON und MARTINEZ und MACKENZIE.", "MASON und MARTINEZ und MACKENZIE. Schwarz,"):
        h = read_heading(text)
        assert h is None or not (h.tags or h.players)


GERMAN = "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6 4. Lb5-a4 Sg8-f6\n"


def test_the_names_over_the_columns_heads_each_a_paragraph_of_the_ocr_name_white_and_black():
    text = ("3685. Spanische Partie.\n\nGespielt im Divan - Turnier.\n\n,,Westminster Papers\".\n\nPOTTER.\n\n"
            "WISKER.\nWeigs.\n\nSchwarz.\n" + GERMAN)
    (g,) = games_of(text)
    assert g.tags == {"White": "Potter", "Black": "Wisker", "Opening": "Spanische Partie", "Event": "Divan - Turnier"}
    assert g.status == "ok"


def test_a_numbered_german_heading_run_into_one_line_is_read_sentence_by_sentence():
    text = ("32. Tf5-f3 Se3-g2:?? 33. Tf6-f8 Aufgegeben. 3669. Evansgambit. Gespielt im Schachclub zu Philadelphia "
            "im März 1876. Aus „Turf, Field and Farm“. MASON und MARTINEZ. MACKENZIE. Weiss. Schwarz. " + GERMAN)
    game = games_of(text)[-1]
    assert game.tags == {"White": "Martinez:Mason", "Black": "Mackenzie", "Opening": "Evansgambit",
                         "Site": "Schachclub zu Philadelphia", "Date": "1876.03.??"}
    # With the sides past telling, the rest is read, and the numbered heading is the title.
    text = text.replace("MARTINEZ. MACKENZIE. Weiss.", "MARTINEZ und MACKENZIE.")
    game = games_of(text)[-1]
    assert game.title == "3669. Evansgambit." and "White" not in game.tags and game.tags["Opening"] == "Evansgambit"


@pytest.mark.parametrize("heading, tags", [
    ("Partie Nr. 3. Spanische Partie.\n\nAnderssen – Dufresne, Wien 1873.\n\nWeiss. Schwarz.\n",
     {"Opening": "Spanische Partie", "White": "Anderssen", "Black": "Dufresne", "Site": "Wien", "Date": "1873.??.??"}),
    ("Partie Nr. 3.\n(Gespielt in Wien am 5. Mai 1873.)\nWeiss: Anderssen. Schwarz: Dufresne.\n\n",
     {"Site": "Wien", "Date": "1873.05.05", "White": "Anderssen", "Black": "Dufresne"}),
    ("Nr. 17. Evansgambit.\n\nGespielt in Leipzig am 15. Juli 1877 zwischen den Herren Anderssen und Zukertort.\n\n",
     {"Opening": "Evansgambit", "Site": "Leipzig", "Date": "1877.07.15", "Players": "Anderssen and Zukertort",
      "Title": "Nr. 17. Evansgambit."}),
])
def test_a_german_books_headings_are_the_records_tags(heading, tags):
    (g,) = games_of(heading + GERMAN)
    assert g.tags == tags and g.status == "ok"


@pytest.mark.parametrize("title", ['THE "IMMORTAL GAME."', "The \u201cEvergreen Game.\u201d"])
def test_a_game_known_by_its_name_in_quotes_is_a_heading_of_its_game(title):
    # A paragraph of its own between the label and the score: read as none, it cut the label off into a
    # record of its own that no family reads (an error), and the game lost its heading.
    (g,) = games_of(f"GAME XI.\n\n{title}\n\nBetween Mr. Morphy and Mr. Bird.\n\n" + score(*OPENING))
    assert g.status == "ok" and len(g.moves) == 4
    assert g.tags["Opening"] in ("IMMORTAL GAME", "Evergreen Game") and g.title == "GAME XI."


@pytest.mark.parametrize("note", ["One of the most brilliant games on record.", "(From the Illustrated London News.)"])
def test_a_games_label_over_a_note_and_its_heading_begins_the_game(note):
    # "GAME XI.", a line on the game, then the heading that names the players: one game, from its label (the
    # label was cut off into a record of its own that no family reads, an error).
    # (The text before it has a move-like word: a record of its own, as text with none would not be.)
    text = f"White's best move was P. to K's 4th.\n\nGAME XI.\n\n{note}\n\nBetween Mr. Morphy and Mr. Bird.\n\n"
    before, game = games_of(text + score(*OPENING))
    assert before.record.text.strip() == "White's best move was P. to K's 4th."
    assert game.status == "ok" and game.title == "GAME XI." and game.record.text.startswith("GAME XI.")


def test_a_score_numbered_with_brackets_begins_below_its_heading():
    """"1) e 2 – e 4 1) d 7 – d 5." (a German book of the 1850s): the score begins there, so the lines
    above it are its heading ("Weiß – Morphy. Schwarz – Anderssen.")."""
    text = ("Partie Nr. 2.\nWeiß – Morphy. Schwarz – Anderssen.\n1) e 2 – e 4 1) d 7 – d 5.\n"
            "2) e 4 – d 5 2) D. d 8 – d 5:\n3) S. b 1 – c 3 3) D. d 5 – a 5.\n")
    (g,) = games_of(text)
    # (The game's number in a game of two players, a match's: its round.)
    assert g.tags == {"White": "Morphy", "Black": "Anderssen", "Round": "2"} and len(g.moves) == 6


@pytest.mark.parametrize("heading, players", [
    ("GAME III.--Between Mr. Morphy and Mr. Harrwitz.", ["Morphy", "Harrwitz"]),
    ("Between Messrs. Cochrane and Staunton.", ["Cochrane", "Staunton"]),
    ("Between Mr. Mead, of N.Y., and another strong player.", ["Mead", "another strong player"]),
    ("GAME II.--Played at the Philadelphia Athenaeum,\nbetween Mr. McCabe and Mr. H. P. Montgomery.",
     ["McCabe", "Montgomery, H. P."]),
    ("MATCH BETWEEN MR. MORPHY AND HERR HARRWITZ.", ["Morphy", "Harrwitz"]),
    ("GAME 5.--Played in the Café de la Régence,\nParis, in 1858, between Mr. Morphy and the Duke of Brunswick.",
     ["Morphy", "Duke of Brunswick"]),  # a peer, by his title and land
    ("Played by Mr. Morphy without seeing the board, against M. Preti.", ["Morphy", "Preti"]),
    ("GAME I.--Mr. Morphy plays without seeing the Chess board or men, against M. Bierwirth.",
     ["Morphy", "Bierwirth"]),
    ("Between V. H. der Laza and Dr. Bledow.", ["der Laza, V. H.", "Bledow"]),  # "V." an initial, not "v."
    # Particles in a row, all after the surname as one particle is ("Riviere, de").
    ("GAME XX.--Between Herr von der Lasa and Mr. Staunton.", ["Lasa, von der", "Staunton"]),
    ("Between M. de la Bourdonnais and Mr. Cochrane.", ["Bourdonnais, de la", "Cochrane"]),
    ("Between M. de St. Amant and Mr. Staunton.", ["St. Amant, de", "Staunton"]),  # "St." the surname's own
    ("Between M. St. Amant and Mr. Staunton.", ["St. Amant", "Staunton"]),  # (nothing after a comma: "St. Amant, ")
    ("Mr. Blackburne playing blindfold against Mr. Smith.", ["Blackburne", "Smith"]),
    # "(consulting)" after a side of several says how it played, not who.
    ("Messrs. Staunton and Owen (consulting) against Mr. Morphy.", ["Owen:Staunton", "Morphy"]),
    ("Consultation game between Messrs. Staunton and Owen\nand Messrs. Löwenthal and Barnes.",
     ["Owen:Staunton", "Barnes:Löwenthal"]),  # two sides of several
    ("Mr. Morphy and Mr. Harrwitz.", ["Morphy", "Harrwitz"]),
    ("Board No. 7. — Irregular Opening.\nMr. Morphy and Mr. Carr.", ["Morphy", "Carr"]),
    ("Game I. — Sicilian Opening.\nMr.  Morphy and  ^Ir.  Paulsen.", ["Morphy", "Paulsen"]),  # the OCR's "^I" for M
    ("Game No. 3. — Evans's Gambit. Mr. Morphy and an Amateur.", ["Morphy", "an Amateur"]),
    ("GAME I.--Mr. Morphy plays without seeing the Chess\nboard or men, against M. Boucher, at Paris.",
     ["Morphy", "Boucher"]),
    # Who the second player was, to the heading's end, is no part of his name.
    ("GAME I.--Between Mr. D. Harrwitz of Paris and Mr. Capdebo,\na strong Hungarian player.",
     ["Harrwitz, D.", "Capdebo"]),
    ("GAME III.--Played in 1854, between Mr. H. P. Montgomery,\nof Philadelphia, and Mr. Pindar, now one of the leading\n"
     "members of the Manchester Chess Club, England.", ["Montgomery, H. P.", "Pindar"]),
    ("Board No. 2. — Evans's Gambit Refused.\nMr. Morphy and the Rev. Mr. Salmon.", ["Morphy", "Salmon"]),
    ("GAME I.--Between Messrs. Anderssen and Kipping,\nat the Manchester Chess Meeting, in 1857.", ["Anderssen", "Kipping"]),
    ("GAME IV.--Played some years ago between one of the\nbest players of the day and Mr. Staunton.",
     ["one of the best players of the day", "Staunton"]),
    ("GAME II.--Skilfully conducted _Partie_ played in 1837, by M. Petroff,\nagainst three Russian Amateurs in council "
     "together.", ["Petroff", "three Russian Amateurs in council together"]),
])
def test_between_names_two_players_without_their_colours(heading, players):
    h = read_heading(heading)
    assert h.players == players and "White" not in h.tags


@pytest.mark.parametrize("heading, label", [
    ("GAME 12.", "12"), ("GAME III.--Between Mr. Morphy and Mr. Harrwitz.", "III"), ("Partie Nr. 3", "3"),
    ("Game 12.--Played at the Philadelphia Athenaeum", "12"), ("Board No. 5. — Scotch Gambit.", "5"),
    ("i Game III. — Ruy Lopez Knight's Game.", "III"),  # OCR's stray mark, words the forms do not read
    # The OCR's letters of the label's word, one wrong where "No." follows, or a stray full stop in it.
    ("BoABD No.  3. — French Openiiio,", "3"), ("BoAUD No.  8. — Petuoff's Defence.", "8"),
    ("Ga.me II. — Allgaier Gambit.", "II"), ("GaxMe VI. — Philidor*s Defence.", "VI"),
    ("Gamf XIII. — King's Gambit Declined.", "XIII"),
    # The OCR's "i" and "l" for 1 and "o" for 0 in the game's number.
    ("Game i.", "1"), ("Game io.", "10"), ("Game ii.", "11"), ("Game 1o.", "10"),
    # The ordinal before the word, "party" the word of 1800 for a game, a numbered example of a game (Philidor, 1803).
    ("FIRST PARTY,", "1"), ("Second Game.", "2"), ("EXAMPLE IV.", "IV"), ("Party 3.", "3"),
    ("Table No.  3. — King's Gambit Declined.", "3"),  # a simultaneous display's table, as its board
    ("(Game 277.\nIRREGULAR OPENING.", "277"),  # an opening bracket never closed: the OCR's stray mark
    # The OCR's shapes of the word's letters ("^" or "jT" for G, "O" for G, "B" for R), a stray mark or letter
    # before it, the number run on to it, the roman numeral's I as the OCR's "L", a figure's "S".
    ("^AME IV.— Ph]", "IV"), ("jTAME II. — Ruy Lopez Knight's Game.", "II"), ("Oame VL", "VI"),
    ("V Game V. — King's Bishop's Gambit.", "V"), ("\u201c^GameVIII. — Philidor's Defekce.", "VIII"),
    ("BOABD No.  S,—  Tvi Mr,  Morphy a:", "S"), ("BcABD Ko*  7. — King's Gambit Declined.", "7"),
    # A wide capital split in two by the OCR, a thin stroke and a capital: "jL" for the A of BOARD or GAME.
    ("V BojLRD No.  6. — Bishop's Opening.", "6"), ("GjLME IV. — Evans's Gambit.", "IV"),
])
def test_a_games_label_is_its_number_and_begins_a_game(heading, label):
    h = read_heading(heading)
    assert h.label == label and h.begins_a_game()


@pytest.mark.parametrize("heading", ["BLINDFOLD GAME.", "Consultation Game.", "A Match Game."])
def test_a_kind_of_game_is_no_opening(heading):
    h = read_heading(heading)
    assert h is None or "Opening" not in h.tags


@pytest.mark.parametrize("heading", ["RUY LOPEZ.", "(Evans Gambit.)", "AUGUST 5.", "THE KING'S GAMBIT.",
                                     "The same No. 3 of the series.", "FIRST BACK GAME,", "("])
def test_a_section_or_a_date_alone_begins_no_game(heading):
    h = read_heading(heading)
    assert h is None or not h.begins_a_game()


@pytest.mark.parametrize("line", [
    "A Game I think.",  # a numeral's letter that is a word of the line's
    "Came V. to the board.",  # no shape of G
    "Oame VX. — King's Gambit.",  # no roman numeral, through the OCR's letters or not
    "And Game V. was lost.",  # a word, not a stray mark, before the label
    "V Game of the Evans Gambit.",  # no number after the word
    "GAMES, 25",  # a running head: the OCR's letters for a figure ("S") only after "No."
    "GAjLMES 5.",  # a split capital is one letter wrong, not one more after the word
])
def test_a_line_only_like_a_label_the_ocr_damaged_is_none(line):
    h = read_heading(line)
    assert h is None or not h.label


def test_the_columns_heads_give_initials_or_names():
    assert read_heading("     WHITE. (Mr. M.)          BLACK. (Mr. H.)").initials == {"White": "M.", "Black": "H."}
    # "d." of von der Lasa's initials is an initial too.
    assert read_heading("WHITE. (V. H. d. L.)             BLACK. (Mr. M.)").initials == {
        "White": "V. H. d. L.", "Black": "M."}
    assert read_heading("WHITE. (Mr. Marache.)  BLACK. (Mr. Morphy.)").initials == {
        "White": "Marache.", "Black": "Morphy."}


@pytest.mark.parametrize("text", [
    "The gambits are the most brilliant and animated of all the openings, full of hair-breadth",
    "White has a slight advantage.",
    "1. P. to K's 4th.",
    "{PGN 02}",
])
def test_prose_moves_and_verdicts_are_no_heading(text):
    assert read_heading(text) is None


# -- headings in a book: tags, title, PGN ---------------------------------------


def test_a_heading_names_the_players_and_the_columns_say_who_had_white():
    text = ("       GAME IV.--Between Mr. Morphy and Mr. Bird of London.\n\n"
            "          WHITE. (Mr. B.)              BLACK. (Mr. M.)\n" + score(*SCHOLAR) + "\n\n\n"
            "       GAME V.--Between Mr. Morphy and Mr. Harrwitz.\n\n"
            "          WHITE. (Mr. M.)              BLACK. (Mr. H.)\n" + score(*OPENING) + "\n")
    first, second = games_of(text)
    assert (first.tags["White"], first.tags["Black"]) == ("Bird", "Morphy")
    assert first.title == "Bird – Morphy"
    assert (second.tags["White"], second.tags["Black"]) == ("Morphy", "Harrwitz")
    pgn = write_game(first)
    assert '[White "Bird"]' in pgn and '[Black "Morphy"]' in pgn
    assert '[Event "?"]' in pgn  # the title is only the players' names: no event is made up


@pytest.mark.parametrize("columns, white, black", [
    ("White (Mr. Bird). Black (Mr. Brien).", "Bird", "Brien"),
    # The OCR's brackets and honorifics: "[" or "{" for "(", "Afr." and "M7\\" for "Mr.".
    ("White {Mr. Zukertort). Black [Mr. Blackburne).", "Zukertort", "Blackburne"),
    ("White [M7\\ Anderssen), Black [Mr. Staunton),", "Anderssen", "Staunton"),
    ("White (Mr. McConnell). Black (Mr, Morphy)", "McConnell", "Morphy"),
    # Initials, or a name cut short ("Mor."), name no one where no heading names the players.
    ("WHITE. (Mr. B.)  BLACK. (Mr. M.)", None, None),
    ("WHITE. (Mr. Mor.)  BLACK. (Mr. Med.)", None, None),
])
def test_the_columns_heads_name_the_players_where_no_heading_does(columns, white, black):
    text = f"Game 2.\n\nThe second illustrative game.\n\n{columns}\n\n" + score(*SCHOLAR, indent="") + "\n"
    (g,) = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == (white, black)


@pytest.mark.parametrize("heading", [
    "GAME 12.--Played at the Divan, on the 3rd of June, 1858,\nbetween Mr. Morphy and Mr. Barnes.",
    "GAME IX.--Between Mr. Anderssen and Mr. Dufresne.",
])
def test_a_pgn_export_of_a_record_whose_heading_names_players_without_colours_names_no_event(heading):
    (g,) = games_of(f"{heading}\n\n" + score(*OPENING, indent="") + "\n")
    pgn = write_game(g)
    assert '[Event "?"]' in pgn and '[White "?"]' in pgn and "[Players " in pgn


def test_a_title_that_does_not_name_the_players_of_between_x_and_y_still_stands_for_the_event():
    text = "Simultaneous display at the Divan, 1858.\n\nBoard No. 3.--Mr. Morphy and Mr. Carr.\n\n"
    (g,) = games_of(text + score(*OPENING, indent="") + "\n")
    assert '[Event "Simultaneous display at the Divan, 1858."]' in write_game(g) and g.tags["Players"] == "Morphy and Carr"


def test_a_pgn_export_of_a_record_with_no_players_takes_its_title_for_the_event():
    text = ("       GAME V.--(By Philidor.)\n\n          WHITE.                BLACK.\n" + score(*OPENING) + "\n")
    (g,) = games_of(text)
    assert g.title == "GAME V.--(By Philidor.)" and '[Event "GAME V.--(By Philidor.)"]' in write_game(g)


@pytest.mark.parametrize("heading, columns, white, black", [
    # "McC." fits McCabe alone, "M." both: only one order fits both heads.
    ("Between Mr. McCabe and Mr. H. P. Montgomery.", "WHITE. (Mr. McC.)  BLACK. (Mr. M.)", "McCabe",
     "Montgomery, H. P."),
    # "----" stands for the player the book does not name.
    ("Between Mr. Popert and another fine player of London.", "WHITE. (Mr. P.)  BLACK. (Mr. ----.)", "Popert",
     "another fine player of London"),
])
def test_the_columns_heads_tell_the_colours_when_one_order_fits(heading, columns, white, black):
    text = f"       {heading}\n\n          {columns}\n" + score(*SCHOLAR) + "\n"
    (g,) = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == (white, black)


@pytest.mark.parametrize("heading, columns, white, black", [
    # Walker's and Lewis's McDonnell - La Bourdonnais games: the initials in brackets under the columns' words,
    # with the surname's apostrophe ("M'D.") and its particle ("De la B."); the initials under the heads in the
    # other order, so that only the heads tell the colours.
    ("Between Mr. M'Donnell and M. De la Bourdonnais.",
     "WHITE.                    BLACK.\n          (Mr. M'D.)                (M. De la B.)", "M'Donnell",
     "Bourdonnais, De la"),
    ("Between Mr. M'Donnell and M. De la Bourdonnais.",
     "WHITE.                    BLACK.\n          (M. De la B.)             (Mr. M'D.)", "Bourdonnais, De la",
     "M'Donnell"),
    # A book prints "M'" where the heading prints "Mc" (and the other way): one name.
    ("Between Mr. M'Donnell and M. De la Bourdonnais.", "WHITE. (Mr. McD.)  BLACK. (M. De la B.)", "M'Donnell",
     "Bourdonnais, De la"),
    ("Between M. De la Bourdonnais and Mr. McDonnell.", "WHITE. (M. De la B.)  BLACK. (Mr. M'D.)",
     "Bourdonnais, De la", "McDonnell"),
])
def test_the_columns_heads_by_initials_under_them_with_an_apostrophe_or_a_particle(heading, columns, white, black):
    text = f"       GAME XIV.\n\n       {heading}\n\n          {columns}\n" + score(*SCHOLAR) + "\n"
    (g,) = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == (white, black)


@pytest.mark.parametrize("heading, columns, white, black", [
    # Both heads fit both players by the surname's initial: "Von B." has a word Bledow has not.
    ("GAME III.--Between Dr. Bledow and Von Bilguer.", "WHITE. (Dr. B.)  BLACK. (Von B.)", "Bledow", "Bilguer, Von"),
    # A player the heading does not name is the one whose head fits no one it names.
    ("GAME I.--Between Captain Evans and an Amateur.", "WHITE. (Capt. E.)  BLACK. (Mr. P.)", "Evans", "an Amateur"),
    ("GAME III.--Between Mr. Popert and an eminent Polish player.", "WHITE. (Mr. Z.)  BLACK. (Mr. P.)",
     "an eminent Polish player", "Popert"),
    ("GAME I.--Between Von H. der Laza and Mr. M.", "WHITE. (V. H. d. L.)  BLACK. (Mr. M.)", "der Laza, Von H.", "M"),
])
def test_the_columns_heads_fit_initials_words_and_unnamed_players(heading, columns, white, black):
    text = f"       {heading}\n\n          {columns}\n" + score(*SCHOLAR) + "\n"
    (g,) = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == (white, black)


def test_a_games_label_number_is_no_first_move():
    # "GAME 1.--" numbers the game: the headings above the score are still read, a page's mark between.
    text = ("              GAME 1.--Between Mr. Morphy and Mr. Anderssen.\n\n                                {PGN 19}\n\n"
            "          WHITE. (Mr. M.)                  BLACK. (Mr. A.)\n" + score(*SCHOLAR) + "\n")
    (g,) = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Morphy", "Anderssen")


def test_each_colour_in_a_paragraph_of_its_own_names_the_players():
    text = ("Game 1.\n\nEvans' Gambit.\n\nWhite,\nM. TSCHIGORIN.\n\nBlack,\nW. STEINITZ.\n\n" + score(*SCHOLAR, indent="")
            + "\n\nGame 2.\n\nWhite,\nA. PONCE\n\nAND\nM. TSCHIGORIN.\n\nBlack,\nA. GAVILAN\n\nAND\n\nW. STEINITZ.\n\n"
            + score(*OPENING, indent="") + "\n")
    first, second = games_of(text)
    assert (first.tags["White"], first.tags["Black"]) == ("Tschigorin, M.", "Steinitz, W.")
    # A name that goes on below ("A. PONCE / AND / M. TSCHIGORIN.") is one of a side of two in consultation.
    assert (second.tags["White"], second.tags["Black"]) == ("Ponce, A.:Tschigorin, M.", "Gavilan, A.:Steinitz, W.")


@pytest.mark.parametrize("heads", [
    "White,\n\nW. STEINITZ.\nBlack,\n\nM. TSCHIGORIN.",  # the OCR's blank line between a colour and its name
    "White,\nW. STEINITZ.\n\nBlack,\n\nM. TSCHIGORIN.",
])
def test_a_colour_and_its_name_apart_in_paragraphs_of_their_own_name_the_player(heads):
    (g,) = games_of("Game 6.\n\nIrregular Opening.\n\n" + heads + "\n\n" + score(*SCHOLAR, indent="") + "\n")
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Steinitz, W.", "Tschigorin, M.")


def test_a_side_of_two_whose_names_the_ocr_set_apart_heads_a_game_whose_first_number_is_lost():
    text = ("Game 20.\n\nEvans' Gambit.\n\nWhite,\nA. PONCE\n\nAND\n\nM. TSCHIGORIN.\n\nBlack,\nA. GAVILAN\n\n"
            "AND\nW. STEINITZ.\n\n" + "\n".join(f"{w}\n{b}" for w, b in SCHOLAR) + "\n")
    tags = _Series(CHESS.book_moves, text).tags(text, 0, len(text))
    assert (tags.get("White"), tags.get("Black")) == ("Ponce, A.:Tschigorin, M.", "Gavilan, A.:Steinitz, W.")


ROSTER = "".join(f"{n}. {name} v. {other}.\n" for n, (name, other) in enumerate(
    [("J. H. Zukertort", "M. Tchigorin"), ("M. Tchigorin", "J. H. Zukertort"), ("J. H. Zukertort", "W. Steinitz"),
     ("W. Steinitz", "M. Tchigorin"), ("M. Tchigorin", "J. H. Zukertort"), ("W. Steinitz", "J. H. Zukertort"),
     ("W. Steinitz", "M. Tchigorin"), ("J. H. Zukertort", "W. Steinitz")], 1))


@pytest.mark.parametrize("layout", [
    "{heads}\n   Mr. J. H. Blackburne.     Mr. S. Tinsley.\n\n",  # one line under the heads
    "{heads}\n   Mr. J. H.                 Mr. S.\n   Blackburne.               Tinsley.\n",  # two lines under them
    "{heads}\n\n   Mr. J. H.                 Mr. S.\n   Blackburne.               Tinsley.\n\n",
    "   Mr. J. H.                 Mr. S.\n   Blackburne.               Tinsley.\n{heads}\n",  # two lines over them
    "   Mr. J. H.                 Mr. S.\n   Blackburne.               Tinsley.\n\n{heads}\n",
])
def test_names_printed_side_by_side_over_or_under_the_columns_heads_name_the_players(layout):
    """Each column's name over one line or two ("Mr. J. H." over "Blackburne."), the columns side by side."""
    heads = "        WHITE.                    BLACK."
    (g,) = games_of("GAME VI.\n\n" + layout.format(heads=heads) + score(*OPENING, indent="") + "\n")
    # (The initials after the title are the name's: "Mr. J. H. Blackburne." is "Blackburne, J. H.".)
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Blackburne, J. H.", "Tinsley, S.")


@pytest.mark.parametrize("rows", [
    # The moves right under the names, each row's number without its stop, as an American congress book prints them.
    " 1 P-K4           P-K4\n 2 Kt-KB3         Kt-QB3\n",
    " 1. P-K4          P-K4\n 2. Kt-KB3        Kt-QB3\n",
    " 1 e 2-e 4        e 7-e 5\n 2 S g 1-f 3      S b 8-c 6\n",
])
def test_the_surnames_alone_under_the_columns_heads_over_the_moves_name_the_players(rows):
    """"WHITE. BLACK." over "Gunsberg. Burn." and the first row of moves under them: the names' row is
    the names alone, not run together with the moves' row below it."""
    (g,) = games_of("GAME 7.\n\nRUY LOPEZ.\n\n  WHITE.          BLACK.\n  Gunsberg.       Burn.\n" + rows)
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Gunsberg", "Burn")


@pytest.mark.parametrize("heads, players", [
    ("  BLACKBURNE.      ZUKERTORT.", ("Blackburne", "Zukertort")),
    ("  Mr. Blackburne.  Mr. Zukertort.", ("Blackburne", "Zukertort")),
    ("  WHITE.           BLACK.", (None, None)),  # the colours' heads name no one
])
def test_the_players_names_heading_the_columns_over_move_one_name_white_and_black(heads, players):
    """A book that heads the columns with the players' names and no colour: the first column White's."""
    (g,) = games_of("GAME 12.\n\nSCOTCH GAMBIT.\n\n" + heads + "\n 1 P-K4           P-K4\n 2 Kt-KB3         Kt-QB3\n")
    assert (g.tags.get("White"), g.tags.get("Black")) == players


@pytest.mark.parametrize("names, white, black", [
    ("M. Tcuiconix. J. H. Zoxertorr.", "Tchigorin, M.", "Zukertort, J. H."),  # the OCR's damage
    ("W. Srersirz. M. Tchigorin.", "Steinitz, W.", "Tchigorin, M."),
    ("8. Stnrnitz J. H, ZUKERTORT.", "Steinitz", "Zukertort, J. H."),  # "8." no initial the book prints with it
])
def test_the_names_under_the_columns_heads_are_the_books_names_they_are_like(names, white, black):
    text = ("CONTENTS.\n\n" + ROSTER + "\n\nGame 1, played on the 26th of April.\n\nRUY LOPEZ.\nWhite. Black.\n"
            + names + "\n" + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2, 1)) + "\n")
    *_, game = games_of(text)
    assert (game.tags.get("White"), game.tags.get("Black")) == (white, black)


#: A minor tournament's contents, as the OCR gave them: each player printed a few times only, "F. 8." for F. S.
MINOR_ROSTER = "".join(f"{name} v. {other}.\n" for name, other in [
    ("C. von Bardeleben", "L. Benima"), ("I. Gunsberg", "T. H. Piper"), ("F. 8. Ensor", "C. von Bardeleben"),
    ("L. Benima", "I. Gunsberg"), ("T. H. Piper", "F. 8. Ensor"), ("C. von Bardeleben", "F. 8. Ensor"),
    ("W.E. Vyse", "L. Benima"), ("I. Gunsberg", "W. E. Vyae"), ("T. H. Piper", "L. Benima"),
]) + "\nThe entries:\n15. W. Elliot Vyse, Esq., of London.\n"


@pytest.mark.parametrize("names, white, black", [
    ("C. vor BarDELEBEy. L. Benima.", "von Bardeleben, C.", "Benima, L."),  # a particle, the OCR's "vor"
    ("U. voN BARDELEBEN, L. Benima.", "von Bardeleben", "Benima, L."),  # "U." printed once: no initial of his
    ("T. Guysnera. T, H, Preen.", "Gunsberg", "Piper, T. H."),  # the OCR's "T." for I.
    ("F, S. Exson. L. Benima.", "Ensor", "Benima, L."),  # the book's "F. 8." is F. S.
    ("W. E. Vyas. T. H. Piper.", "Vyse, W. E.", "Piper, T. H."),  # Vyse printed once, Vyae once, Vyas here
])
def test_a_minor_players_printings_the_ocr_damaged_each_differently_name_him(names, white, black):
    text = ("CONTENTS.\n\n" + MINOR_ROSTER + "\n\nGame 245.\n\nPOLERIO GAMBIT.\nWhite. Black.\n"
            + names + "\n" + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2, 1)) + "\n")
    *_, game = games_of(text)
    assert (game.tags.get("White"), game.tags.get("Black")) == (white, black)


@pytest.mark.parametrize("heads, names", [
    ("White. Black. White. Black.", "M. Tcuiconix. }j J. H. Zoxertorr. 12 P to K 4 P to K 4"),  # the OCR's "}j"
    ("Black. White. Black.", "M. Tcuiconix.. J. H. Zoxertorr. 12 P to K 4 P to K 4"),  # the first White lost
])
def test_two_names_under_a_row_of_heads_the_ocr_damaged_are_the_first_columns_white_and_black(heads, names):
    text = ("CONTENTS.\n\n" + ROSTER + "\n\nGame 1, played on the 26th of April.\n\nRUY LOPEZ.\n" + heads + "\n"
            + names + "\n" + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2, 1)) + "\n")
    *_, game = games_of(text)
    assert (game.tags.get("White"), game.tags.get("Black")) == ("Tchigorin, M.", "Zukertort, J. H.")


def test_the_ocrs_h_of_two_strokes_is_an_initial_h():
    """"IH. E." is H. E.: the initials of one of the book's names, its surname's first letter the printed one's."""
    roster = ROSTER + "".join(f"{n}. H. E. Bird v. W. Steinitz.\n" for n in range(9, 14))
    text = ("CONTENTS.\n\n" + roster + "\n\nGame 1, played on the 26th of April.\n\nRUY LOPEZ.\nWhite. Black.\n"
            "IH. E. Binp. J. H. Zoxertorr.\n" + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2, 1)) + "\n")
    *_, game = games_of(text)
    assert (game.tags.get("White"), game.tags.get("Black")) == ("Bird, H. E.", "Zukertort, J. H.")


def test_initials_whose_stops_the_ocr_ran_together_may_have_lost_a_letter():
    """"J..." is J. H. with the H. lost, not the J. of the book's other players."""
    roster = ROSTER + "".join(f"{n}. J. Mason v. J. Lord.\n" for n in range(9, 12))
    text = ("CONTENTS.\n\n" + roster + "\n\nGame 1, played on the 26th of April.\n\nRUY LOPEZ.\nWhite. Black.\n"
            "J... Zuxertorr. M. Tchigorin.\n" + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2, 1)) + "\n")
    *_, game = games_of(text)
    assert (game.tags.get("White"), game.tags.get("Black")) == ("Zukertort", "Tchigorin, M.")


@pytest.mark.parametrize("names", [
    "Q. Xqvpqa. J. H. Zoxertorr.",  # like none of the book's names
    "G. A. Stnrnitz. J. H. Zoxertorr.",  # like Steinitz, but the book's Steinitz is "W.": another player
])
def test_a_name_under_the_columns_heads_like_none_of_the_books_names_no_one(names):
    text = ("CONTENTS.\n\n" + ROSTER + "\n\nGame 1, played on the 26th of April.\n\nRUY LOPEZ.\nWhite. Black.\n"
            + names + "\n" + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2, 1)) + "\n")
    *_, game = games_of(text)
    assert "White" not in game.tags and "Black" not in game.tags


def test_a_caption_below_a_score_heads_no_record_of_the_score():
    # A line that ends "&c." is not read whole by the notations: the caption below it ("No. 33." over a
    # diagram) is still no heading of the record the score begins, read from its own position, not the opening.
    text = ("             WHITE.                             BLACK.\n"
            "       1. K. to B's 2d.                 1. P. to Kt's 6th. (ch.)\n"
            "       2. K. to Kt's sq.                2. K. to his 6th, &c.\n"
            "                             Winning.\n\n\n                                No. 33.\n\n"
            "                                BLACK.\n                   +---+---+---+\n")
    assert leading_headings(text, 0, len(text), CHESS.book_moves) == []


def test_between_with_no_columns_heads_names_no_colours_and_the_heading_is_the_title():
    text = ("       GAME I.--Between Mr. Horwitz and Mr. Staunton.\n\n"
            "          WHITE.                       BLACK.\n" + score(*SCHOLAR) + "\n\n\n"
            "       GAME II.--Between Mr. Horwitz and Mr. Staunton.\n\n" + score(*OPENING) + "\n")
    first, _ = games_of(text)
    assert "White" not in first.tags and first.title == "GAME I.--Between Mr. Horwitz and Mr. Staunton."
    # The names are kept, in the order printed, though the colours are not known.
    assert first.tags["Players"] == "Horwitz and Staunton"
    assert '[Players "Horwitz and Staunton"]' in write_game(first)


def test_a_tournament_books_heading_x_v_y_and_its_date():
    text = ("AUGUST 5.\nW. Steinitz v. B. Vergani.\n\nWHITE BLACK\n\n1 P to K 4 P to K 4\n\n"
            "2 Kt to K B 3 Kt to Q B 3\n\nA quiet game.\n\n"
            "A. Albin v. C. von Bardeleben.\n\nWHITE BLACK\n\n1 P to Q 4 P to Q 4\n\n2 P to Q B 4 P to K 3\n")
    first, second = games_of(text)
    assert (first.tags["White"], first.tags["Black"], first.tags["Date"]) == ("Steinitz, W.", "Vergani, B.",
                                                                             "????.08.05")
    assert (second.tags["White"], second.tags["Black"]) == ("Albin, A.", "von Bardeleben, C.")


def test_a_heading_over_a_series_names_the_players_the_games_give_by_initials():
    text = ("MATCH BETWEEN MR. MORPHY AND HERR HARRWITZ.\n\n"
            "Game I. — French Opening.\n\nWHITE.    (Mr.  H.)  BLACK.    (Mr.  M.)\n\n" + score(*SCHOLAR, indent="")
            + "\n\nAnd White wins.\n\nGame II. — Ruy Lopez Knight's Game.\n\n"
            "WHITE.    (Mr.  M.)  BLACK.    (Mr.  H.)\n\n" + score(*OPENING, indent="") + "\n")
    first, second = games_of(text)
    assert (first.tags["White"], first.tags["Black"], first.tags["Opening"]) == ("Harrwitz", "Morphy",
                                                                                 "French Opening")
    assert (second.tags["White"], second.tags["Black"]) == ("Morphy", "Harrwitz")


@pytest.mark.parametrize("white_head", ['WHITE,    ("  Alter.")', 'WHITE.    ("Alter/\')', 'WHITE.    (**  Alter.")'])
def test_a_running_head_over_a_series_names_the_players_the_games_give_by_the_name_one_took(white_head):
    """The heading over a match in a page's running head, its number and the OCR's damaged words first and its
    closing quote lost ("122  UOBFHT's OA.JIUc MATCH BETWEEN MR.  MORPHY AND  "ALTER/*"); the columns' heads
    name a player by the name he took in quotes, as the OCR damaged them."""
    text = ("Game I.\n\n" + score(*SCHOLAR, indent="") + "\n\n"
            '122  UOBFHT\'s OA.JIUc MATCH BETWEEN MR.  MORPHY AND  "ALTER/* \n\n'
            "This Match was played at the St. George's Chess Club.\n\n"
            f"Game I.\n\n(Remove Black's K.  B's P.)\n\n{white_head}  BLACK.    (Mr.  M.)\n\n"
            + score(*OPENING, indent="") + "\n")
    game = games_of(text)[-1]
    assert (game.tags.get("White"), game.tags.get("Black")) == ("Alter", "Morphy")


def test_initials_that_fit_neither_player_of_the_series_name_no_one():
    text = ("MATCH BETWEEN MR. MORPHY AND HERR HARRWITZ.\n\nGame I. — French Opening.\n\n"
            "WHITE.    (Mr.  H.)  BLACK.    (Mr.  M.)\n\n" + score(*SCHOLAR, indent="") + "\n\n"
            "Game II. — Sicilian Opening.\n\nWHITE.    (Mr.  C.)  BLACK.    (Dr.  L.)\n\n"
            + score(*OPENING, indent="") + "\n")
    _, second = games_of(text)
    assert "White" not in second.tags and second.tags["Opening"] == "Sicilian Opening"
    assert "Players" not in second.tags  # the series' players are not this game's: its heads fit neither


def test_a_record_with_tag_pairs_keeps_its_own_tags():
    text = ('[Event "My club"]\n[White "Me"]\n\nW. Steinitz v. B. Vergani.\n\n1. e4 e5 2. Nf3 Nc6 *\n')
    (g,) = games_of(text, "game.txt")
    assert g.tags.get("White") == "Me" and "Black" not in g.tags


def test_the_heading_stays_in_the_records_text():
    text = ("       GAME III.--Between Mr. Morphy and Mr. Harrwitz.\n\n"
            "          WHITE. (Mr. M.)              BLACK. (Mr. H.)\n" + score(*SCHOLAR) + "\n")
    spans = book_spans(text, CHESS.book_moves)
    assert spans is not None and text[spans[0].start:spans[0].end] == text
    (g,) = games_of(text)
    assert "GAME III.--Between Mr. Morphy and Mr. Harrwitz." in g.record.text


def test_a_line_under_a_section_heading_takes_the_section_for_its_title():
    text = ("                 THE KING'S GAMBIT.\n\n" + score(*OPENING) + "\n\nBoth sides develop.\n\n"
            + score(*SCHOLAR) + "\n")
    first, second = games_of(text)
    assert first.title == "THE KING'S GAMBIT." and second.title == "THE KING'S GAMBIT."


def test_a_verdict_after_a_line_ends_that_line_not_the_next_game():
    text = (score(*OPENING) + "\n\n                White has a slight advantage.\n\n\n"
            "       GAME II.--Between Mr. Morphy and Mr. Harrwitz.\n\n"
            "          WHITE. (Mr. M.)              BLACK. (Mr. H.)\n" + score(*SCHOLAR) + "\n")
    first, second = games_of(text)
    assert "slight advantage" in first.record.text and "slight advantage" not in second.record.text
    assert second.tags["White"] == "Morphy"


# -- results in words -----------------------------------------------------------


@pytest.mark.parametrize("printed, result", [
    ("And White resigns.", "0-1"), ("And Black resigned.", "1-0"), ("And White loses.", "0-1"), ("And Black surrenders.", "1-0"),
    ("Drawn game.", "1/2-1/2"), ("Black mates in two moves.", "0-1"), ("White wins.", "1-0"),
    ("Weiß gibt auf.", "0-1"), ("Schwarz gibt auf.", "1-0"),
    ("Schwarz giebt auf.", "1-0"), ("Weiss gab die Partie auf.", "0-1"),  # the period's spelling, the past ("Schwarz gewinnt.", "0-1"), ("Remis.", "1/2-1/2"), ("Partie remis.", "1/2-1/2"),
])
def test_a_result_in_words_is_a_result(printed, result):
    assert pgn_result(printed, chess.Board()) == result


@pytest.mark.parametrize("printed, result", [
    ("1:0", "1-0"), ("0:1", "0-1"), ("½:½", "1/2-1/2"), ("1/2:1/2", "1/2-1/2"),  # German's colon
    ("1–0", "1-0"), ("0—1", "0-1"), ("½–½", "1/2-1/2"), ("1 - 0", "1-0"), ("0 – 1", "0-1"), ("1--0", "1-0"),  # any dash
    ("1−0", "1-0"), ("_Resigns._", "1-0"), ("=Drawn.=", "1/2-1/2"),  # a minus sign; an e-text's italics, bold
])
def test_a_score_with_any_dash_or_a_colon_is_a_result(printed, result):
    board = chess.Board()
    board.turn = chess.BLACK
    assert pgn_result(printed, board) == result


@pytest.mark.parametrize("printed, turn, result", [
    ("Aufgegeben.", chess.BLACK, "1-0"), ("resigns", chess.WHITE, "0-1"), ("Resigns.", chess.BLACK, "1-0"), ("And wins.", chess.BLACK, "1-0"),
])
def test_a_result_that_names_no_side_is_the_side_to_move_or_the_last_mover(printed, turn, result):
    board = chess.Board()
    board.turn = turn
    assert pgn_result(printed, board) == result


def test_a_result_phrase_after_the_score_is_the_games_result():
    text = ("       GAME I.--Between Mr. Morphy and Mr. Harrwitz.\n\n"
            "          WHITE. (Mr. M.)              BLACK. (Mr. H.)\n" + score(*OPENING)
            + "\n                    And Black resigns.\n")
    (g,) = games_of(text)
    assert g.result == "1-0"
    pgn = write_game(g)
    assert '[Result "1-0"]' in pgn and '[White "Morphy"]' in pgn


@pytest.mark.parametrize("printed, result", [
    ("Game drawn.", "1/2-1/2"), ("Draw agreed.", "1/2-1/2"), ("Drawn by perpetual check.", "1/2-1/2"),
    ("And the game was drawn on the 40th move.", "1/2-1/2"), ("The game was drawn by repetition of moves.", "1/2-1/2"),
    ("And White resigned on the 31st move.", "0-1"), ("White resigned after the 40th move.", "0-1"),
    ("Drawn at the 52nd move.", "1/2-1/2"), ("The game was drawn in 40 moves.", "1/2-1/2"),
    ("Drawn in 40 moves.", "1/2-1/2"), ("White won in 52 moves.", "1-0"), ("Black resigned at the 40th move.", "1-0"),
    # (A game the book breaks off, its end told: "won" alone, and the moves it took.)
    ("And Black won in 40 moves.", "0-1"), ("White won.", "1-0"), ("Drawn after 60 moves.", "1/2-1/2"),
    ("And White ultimately won.", "1-0"), ("Black eventually won.", "0-1"),
    # (A few moves more, not printed: "after a few more moves" was the sentence's words, the result untold.)
    ("And White resigned after a few more moves.", "0-1"), ("Black resigned a few moves later.", "1-0"),
    ("And after a few more moves White resigned.", "0-1"), ("Drawn after some further moves.", "1/2-1/2"),
    ("And after a few moves the game was abandoned as a draw.", "1/2-1/2"),
    ("Nach dem 40. Zuge wurde die Partie remis gegeben.", "1/2-1/2"), ("Die Partie wurde remis.", "1/2-1/2"),
    # (Issue 29: who, the verb, and words that leave the result as it is; each was no result, nothing said.)
    ("And the game was drawn on the forty-first move.", "1/2-1/2"), ("Drawn on the forty-first move.", "1/2-1/2"),
    ("Black resigned after White's 30th move.", "1-0"), ("And White won in forty-five moves.", "1-0"),
    ("Black gave up the game.", "1-0"), ("Abandoned as a draw.", "1/2-1/2"), ("White resigned at move 40.", "0-1"),
    ("White abandoned the game as hopeless.", "0-1"), ("Black, after a few more moves, resigned.", "1-0"),
    ("White announced mate in four.", "1-0"), ("Nach dem 45. Zuge remis.", "1/2-1/2"),
    ("And Black won easily.", "0-1"),
])
def test_a_result_told_with_how_or_when_after_the_score_is_the_result(printed, result):
    # The score stops short of the end, the sentence after it says how the game ended (it was a comment).
    (g,) = games_of(score(*OPENING, indent="") + f"\n\n{printed}\n")
    assert g.result == result and len(g.moves) == 4


@pytest.mark.parametrize("closing, result", [
    ("And the game was drawn on the 40th move.", "1/2-1/2"), ("White resigns.", "0-1"),
    ("And the game was drawn in 40 moves.", "1/2-1/2"),  # (it names the game: the game's, not the note's line's)
    ("Nach dem 40. Zuge wurde die Partie remis gegeben.", "1/2-1/2"),
    ("And after a long struggle Black won.", "0-1"),  # (a few words of no move before it)
    # (German's move it ended at: was the note's words, the result untold.)
    ("Weiss gewinnt nach dem 45. Zuge.", "1-0"), ("Schwarz gab im 30. Zuge auf.", "1-0")])
def test_the_games_end_told_below_its_notes_is_the_games_result(closing, result):
    # The notes under the score, then the game's end in a paragraph of its own: it was the note's variation's comment
    # ("{ And the game was drawn on the 40th move. is safer. }"), the game's result untold.
    text = (score(("P-K4", "P-K4"), ("Kt-KB3", "Kt-QB3"), ("B-Kt5", "Kt-B3"), ("Castles", "KtxP (a)"), indent="")
            + "\n\n(a) 4 ... B-K2 is safer.\n\n" + closing + "\n")
    (g,) = games_of(text)
    assert g.result == result and len(g.moves) == 8
    assert [m.comment for v in g.variations for m in v.moves] == ["is safer."]


@pytest.mark.parametrize("printed, result", [("and wins easily.", "0-1"), ("Mate follows.", "0-1")])
def test_a_result_with_no_subject_is_the_side_of_the_last_move_printed(printed, result):
    # (Black's move the score's last: "and wins easily" was no result, nothing said.)
    (g,) = games_of(score(*OPENING, indent="") + f"\n\n{printed}\n")
    assert g.result == result and len(g.moves) == 4
    (g,) = games_of(score(*OPENING, indent="") + "\n3. P. to Q's 4th.\n\n" + printed + "\n")
    assert g.result == {"0-1": "1-0"}[result] and len(g.moves) == 5


@pytest.mark.parametrize("printed, named", [
    ("And the game was drawn on the forty-first move.", 41), ("Black resigned after White's 30th move.", 30),
    ("And White won in forty-five moves.", 45), ("White resigned at move 40.", 40), ("Nach dem 45. Zuge remis.", 45)])
def test_a_result_naming_a_move_past_the_score_says_the_score_stops_short(printed, named):
    (g,) = games_of(score(*OPENING, indent="") + f"\n\n{printed}\n")
    (said,) = [d for d in g.diagnostics if d.code == "score-stops-short"]
    assert said.severity == "info" and f"move {named}" in said.message and "stops at move 2" in said.message
    assert said.line == 4 and g.result is not None


def test_a_result_naming_a_move_the_score_reaches_says_nothing_of_it():
    (g,) = games_of(score(*OPENING, indent="") + "\n\nWhite resigned at move 2.\n")
    assert g.result == "0-1" and not [d for d in g.diagnostics if d.code == "score-stops-short"]


@pytest.mark.parametrize("printed", ["Black gave up a Pawn.", "Black would win.", "White wins a piece.",
                                     "White wins the exchange.", "If 3. P. to Q's 4th., White wins.",
                                     "White abandoned the attack.", "White to win."])
def test_a_gain_a_claim_or_a_condition_after_the_score_is_no_result(printed):
    (g,) = games_of(score(*OPENING, indent="") + f"\n\n{printed}\n")
    assert g.result in (None, "*")


def test_a_mate_announced_without_its_full_stop_is_no_result():
    # ("and Black / announced mate in 4 moves / (see diagram).", "Black announced mate in 5 / moves by" over the
    # mating moves, Hastings 1895: read to its line's end, it cut the score above the moves that follow.)
    (g,) = games_of(score(*OPENING, indent="") + "\n\nWhite announced mate in 3\nmoves by\n")
    assert g.result in (None, "*") and len(g.moves) == 4


def test_a_gain_told_after_the_score_is_no_result():
    # "won" of a Pawn, not of the game: the sentence is a comment, the game's result untold.
    (g,) = games_of(score(*OPENING, indent="") + "\n\nBlack won a Pawn by force.\n")
    assert g.result in (None, "*") and len(g.moves) == 4


def test_a_result_sentence_of_its_own_after_the_last_move_is_the_result():
    text = ("GAME I.--Between Mr. Morphy and Mr. Harrwitz.\n\nWHITE.    (Mr.  M.)  BLACK.    (Mr.  H.)\n\n"
            + score(*OPENING, indent="") + "\n\n^  And White resigned.\n")
    (g,) = games_of(text)
    assert g.result == "0-1"


@pytest.mark.parametrize("sentence, result", [
    ("And the game was declared drawn.", "1/2-1/2"),
    ("And the game was abandoned as a  draw.", "1/2-1/2"),
    ("And after a  few more moves the game was abandoned^  as drawn.", "1/2-1/2"),
    ("And the game was thus left unfinished.", None),  # no result: the game was not finished
    ("And Black's game is certainly not inferior.", None),  # a verdict on the position, no result
])
def test_a_sentence_that_the_game_was_drawn_after_the_last_move_is_the_result(sentence, result):
    text = ("GAME I.--Between Mr. Morphy and Mr. Harrwitz.\n\nWHITE.    (Mr.  M.)  BLACK.    (Mr.  H.)\n\n"
            + score(*OPENING, indent="") + f"\n\n{sentence}\n")
    (g,) = games_of(text)
    assert (g.result if g.result != "*" else None) == result


@pytest.mark.parametrize("moves", [
    "1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. b4 Lxb4",
    "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. b2-b4 Lc5xb4",
])
@pytest.mark.parametrize("printed, result", [
    ("1:0", "1-0"), ("0:1", "0-1"), ("½:½", "1/2-1/2"), ("1/2:1/2", "1/2-1/2"), ("1 : 0", "1-0"),  # German's colon
    ("½–½", "1/2-1/2"), ("1–0", "1-0"), ("1—0", "1-0"), ("1 - 0", "1-0"), ("0 – 1", "0-1"),  # en, em dash, spaced
])
def test_a_score_printed_after_the_last_move_with_a_colon_or_any_dash_is_the_result(moves, printed, result):
    # (It was "'1:0' cannot be read as a move", or no result and nothing said: "½–½" dropped.)
    (g,) = games_of(f"Anderssen – Dufresne, Berlin 1852\n\n{moves} {printed}\n", "partie.txt")
    assert g.result == result and len(g.moves) == 8 and g.status == "ok"
    assert not any(m.comment for m in g.moves)


@pytest.mark.parametrize("printed, result", [
    ("_And White won._", "1-0"), ("_Resigns._", "0-1"),  # (White to move resigns) ("_Drawn._", "1/2-1/2"), ("_White resigns._", "0-1"),
    ("=And Black won.=", "0-1"), ("_Aufgegeben._", "0-1"), ("_Remis_", "1/2-1/2"), ("_1-0_", "1-0"),
    ("_The game was drawn._", "1/2-1/2"), ("_Drawn in 40 moves._", "1/2-1/2"),
])
def test_a_result_in_an_etexts_italics_or_bold_is_the_result(printed, result):
    # Gutenberg's e-texts print italics as "_..._" and bold as "=...=": the marks are no words of the result.
    moves = "1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B-Kt5 P-QR3\n"
    (g,) = games_of(f"{moves}\n{printed}\n")
    assert g.result == result and len(g.moves) == 6
    assert not any(m.comment for m in g.moves)


def test_a_result_in_italics_on_the_last_moves_line_is_the_result():
    (g,) = games_of("1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B-Kt5 P-QR3 _Resigns._\n")
    assert g.result == "0-1" and len(g.moves) == 6 and not any(m.comment for m in g.moves)


def test_a_german_result_in_the_score():
    (g,) = games_of("Weiss. Schwarz.\n1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6 Remis.\n", "partie.txt")
    assert g.result == "1/2-1/2"


@pytest.mark.parametrize("sentence", ["Schwarz giebt auf.", "Schwarz giebt die Partie auf."])
def test_a_german_resignation_in_the_periods_spelling_after_the_notes_is_the_result(sentence):
    text = ("Partie Nr. 3.\n\nWeiß: Anderssen. Schwarz: Zukertort.\n\n"
            "1. e2-e4 e7-e5\n2. Sg1-f3 Sb8-c6\n\n(a) Ein guter Zug.\n\n" + sentence + "\n")
    (g,) = games_of(text, "partie.txt")
    assert g.result == "1-0" and g.tags["White"] == "Anderssen"


def test_a_claimed_mate_is_checked_against_the_final_position():
    # After 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? White mates at once (4. Qxf7): "White mates" holds.
    moves = "1. P-K4 P-K4 2. B-B4 Kt-QB3 3. Q-R5 Kt-B3"
    (good,) = games_of(f"{moves} White mates.\n", "a.txt")
    assert good.result == "1-0" and not any(d.code == "wrong-result" for d in good.diagnostics)
    assert any(c.what == "mate" and c.ok for c in good.claims)
    (bad,) = games_of(f"{moves} Black mates in two moves.\n", "b.txt")
    assert any(d.code == "wrong-result" for d in bad.diagnostics)


def test_mate_in_two_is_searched():
    board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    assert mates_in(board, 1)
    assert not mates_in(chess.Board(), 2)


def test_a_pages_running_head_or_damaged_moves_are_no_title():
    text = ("CHESS OPENINGS 107\n\n" + score(*OPENING, indent="") + "\n\n"
            "Df8-07 23. Tale1\n\n" + score(*SCHOLAR, indent="") + "\n")
    first, second = games_of(text)
    assert first.title is None and second.title is None


@pytest.mark.parametrize("above, title", [
    # A web page's furniture, kept by whoever saved its text: a link that skips to the article, the site's line.
    ("Zum Inhalt springen\n\nAufgabe Nr. 2", "Aufgabe Nr. 2"),
    ("Skip to content\n\nFrom Wikipedia, the free encyclopedia\n\nTHE GIUOCO PIANO.", "THE GIUOCO PIANO."),
    # A label's number at the heading's end is no page's number of a running head.
    ("GAME 8\n\n^\n\nEFENi", "GAME 8"),
    # One word the OCR damaged or broke off a heading ("EFENi" of "DEFENCE", "IB"), or the first letters of a
    # word whose rest opens the next paragraph ("Castli" / "ng on ..."): no heading.
    ("EFENi\n\nTHE GIUOCO PIANO.", "THE GIUOCO PIANO."),
    ("IB\n\nTHE GIUOCO PIANO.", "THE GIUOCO PIANO."),
    ("Castli\n\nng on the Queen's side is the better.\n\nTHE GIUOCO PIANO.", "THE GIUOCO PIANO."),
    # A title of words over the site's line (which begins with a small letter) is the title: no word broken off.
    ("Immergrüne Partie\n\naus Wikipedia, der freien Enzyklopädie\n\nZur Navigation springen", "Immergrüne Partie"),
])
def test_a_title_is_a_heading_set_apart_with_words_not_a_pages_furniture_or_ocr_damage(above, title):
    (game,) = games_of(above + "\n\n" + score(*SCHOLAR, indent="") + "\n")
    assert game.title == title


# -- a game's heading begins its record --------------------------------------------


def unnumbered(*pairs):
    """A tournament book's columns one after the other, White's then Black's, the OCR having lost the
    move numbers (Hastings 1895)."""
    return "WHITE\n\n" + "\n".join(w for w, _ in pairs) + "\n\nBLACK\n\n" + "\n".join(b for _, b in pairs) + "\n"


HASTINGS_1 = [("P to Q 4", "P to Q 4"), ("P to Q B 4", "P to K 3"), ("Kt to Q B 3", "Kt to K B 3")]
HASTINGS_2 = [("P to K 4", "P to K 4"), ("Kt to K B 3", "Kt to Q B 3"), ("B to Kt 5", "P to Q R 3")]


def test_a_games_heading_begins_a_game_whose_move_numbers_are_lost():
    text = ("THE PLAY\n\nAUGUST 5.\nA. Burn v. C. von Bardeleben.\n\n" + unnumbered(*HASTINGS_1)
            + "\nWhite resigns.\n\nJ. Mason v. Dr. Tarrasch.\n\n" + unnumbered(*HASTINGS_2))
    first, second = games_of(text)  # ("THE PLAY", no move in it, is stored with the game below it)
    assert (first.tags["White"], first.tags["Black"], first.tags["Date"]) == ("Burn, A.", "von Bardeleben, C.",
                                                                             "????.08.05")
    assert first.record.text.startswith("THE PLAY\n\nAUGUST 5.") and "White resigns." in first.record.text
    assert (second.tags["White"], second.tags["Black"]) == ("Mason, J.", "Tarrasch")
    assert [m.status for m in first.moves] == ["ok"] * 6 and [m.status for m in second.moves] == ["ok"] * 6


def two_knights_column_after_column(white_head="WHITE.  (The Allies.)", black_head="BLACK.  (Mr. M.)"):
    """Moves of the Two Knights' Defence, White's column then Black's, each move a paragraph of its own (the
    OCR's blank line under each), the columns' heads naming the sides by initials."""
    white = ["P. to K's 4th.", "Kt. to K. B's 3rd.", "B. to B's 4th.", "Kt. to Kt's 5th."]
    black = ["P. to K's 4th.", "Kt. to Q. B's 3rd.", "Kt. to B's 3rd.", "P. to Q's 4th."]
    return (white_head + "\n\n" + "\n\n".join(f"{n}. {m}" for n, m in enumerate(white, 1)) + "\n\n" + black_head
            + "\n\n" + "\n\n".join(f"{n}. {m}" for n, m in enumerate(black, 1)) + "\n")


def test_a_consultation_heading_one_side_against_the_other_begins_its_game():
    """A consultation game's heading names its sides one against the other, a side of several players in
    consultation ("Messrs. Fiske, Perrin and W. L. Fuller, against Mr. Morphy", "M. Riviere and Allies"): it is a
    game's heading, so the game it heads is a record of its own, though its score opens with White's column
    alone (Lowenthal's consultation games: the game below was read on from the one above)."""
    text = ("Game III. — Giuoco Piano.\nMr. Morphy against M. Riviere and Allies.\n\n"
            "WHITE.  (Mr. M.)  BLACK.  (M. R., &c.)\n\n" + score(*SCHOLAR[:2], indent="") + "\n\n"
            "The game following was played at the Club in the same week: —\n\n"
            "Two Knights' Defence.\nMessrs. Fiske, Perrin and W. L. Fuller, against Mr. Morphy "
            + two_knights_column_after_column())
    first, second = games_of(text)
    assert (first.tags["White"], first.tags["Black"]) == ("Morphy", "Riviere")  # "(M. R., &c.)": Riviere's side
    assert [m.normalized for m in first.moves] == ["e4", "e5", "Bc4", "Bc5"] and first.status == "ok"
    assert second.record.text.startswith("Two Knights' Defence.")
    assert (second.tags["White"], second.tags["Black"]) == ("Fiske:Fuller, W. L.:Perrin", "Morphy")
    assert [m.normalized for m in second.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5"]
    assert second.status == "ok"


def test_a_games_odds_in_brackets_with_the_ocrs_stray_quote_is_its_heading_not_a_tag_pair():
    """A game at odds prints them under its heading in brackets ("[Remove White's Q's Kt.]"); the OCR's stray
    quote in it (``[Remove  "Wliite's Q*8  Kt.]``) makes it look like a PGN tag pair left open. In a book with
    no tag pairs it is the heading's line: the book is still cut at each game (it took the rest of Lowenthal's
    book, 22 games, for one unparsed record)."""
    odds = "GAME II.--Between the same players.\n[Remove \"White's Q's Kt.]\n\n"
    text = "GAME I.--Between Mr. Morphy and Mr. Thompson.\n\n" + score(*SCHOLAR) + "\n\n" + odds + score(*OPENING) + "\n"
    first, second = games_of(text)
    assert second.status != "unparsed" and second.record.text.startswith("GAME II.")
    assert [m.normalized for m in second.moves] == ["e4", "e5", "Nf3", "Nc6"]
    assert second.tags["Players"] == "Morphy and Thompson" and "Remove" not in second.tags
    # Among tag pairs that read, a line like it is a damaged tag pair, reported as such (its game read all the same).
    pgn = '[Event "x"]\n[Result "*"]\n\n1. P. to K\'s 4th. 1. P. to K\'s 4th. *\n\n' + odds + score(*OPENING) + "\n"
    *_, damaged = games_of(pgn)
    assert damaged.status == "error" and [m.normalized for m in damaged.moves] == ["e4", "e5", "Nf3", "Nc6"]
    assert [(d.code, d.line) for d in damaged.diagnostics if d.severity == "error"] == [("damaged-tag", 7)]


@pytest.mark.parametrize("heading", ["Table No.  2. — King's Gambit Declined.\nMr.  Morphy and  ^I.  Bornemann.",
                                     "King's Knight's Gambit.\n^Ir.  Morphy and Mr.  Lichtenhein."])
def test_a_table_or_the_ocrs_mr_heads_a_game_whose_first_line_the_ocr_damaged(heading):
    """A simultaneous display's "Table No. 2." labels its game as "Board No. 2." does, and the OCR's "^Ir." is "Mr."
    in a heading's cue as in its reading: the game begins there though the OCR damaged its first move pair
    ("K*s"), which begins no score."""
    text = ("GAME I.--Between Mr. Morphy and Mr. Harrwitz.\n\n" + score(*SCHOLAR) + "\n\nAnd Black surrendered.\n\n"
            + heading + "\n\nWHITE.    (Mr.  M.)  BLACK.    (Mr.  B.)\n\n"
            + score(("P. to K*s 4th.", "P. to K*s 4th."), *OPENING[1:]) + "\n")
    first, second = games_of(text)
    assert second.record.text.startswith(heading.split("\n")[0]) and "Morphy" in second.title
    assert len(first.moves) == 6


@pytest.mark.parametrize("heading", ["^AME IV.— Philidor's Defence.", "V Game V. — King's Bishop's Gambit.",
                                     "\u201c^GameVIII. — Philidor's Defekce.", "Oame VL"])
def test_a_label_the_ocr_damaged_begins_its_game_whose_first_line_the_ocr_damaged(heading):
    """A game's label whose word, numeral or place the OCR damaged (:func:`test_a_games_label_is_its_number_and_begins_a_game`)
    begins its game as the label does, though the OCR damaged the game's first move pair too ("K*s")."""
    text = ("GAME I.--Between Mr. Morphy and Mr. Harrwitz.\n\n" + score(*SCHOLAR) + "\n\nAnd Black surrendered.\n\n"
            + heading + "\n\nWHITE.    (Mr.  M.)  BLACK.    (Mr.  H.)\n\n"
            + score(("P. to K*s 4th.", "P. to K*s 4th."), *OPENING[1:]) + "\n")
    first, second = games_of(text)
    assert second.record.text.startswith(heading) and len(first.moves) == 6
    assert (second.tags["White"], second.tags["Black"]) == ("Morphy", "Harrwitz")


def test_a_label_the_ocr_ran_on_after_the_result_of_the_game_above_begins_its_game():
    """The OCR ran the next game's label into the last line of the game above, after its result ("37. Q. to Kt's
    8th. Mateu Oame VL"): the game below begins at the label, the last move stays the game's above."""
    text = ("GAME I.--Between Mr. Morphy and Mr. Harrwitz.\n\n" + score(*SCHOLAR[:2]) + "\n\n"
            "3. Q. to K. R's 5th.  Mateu Oame VL\n\nWHITE.    (Mr.  M.)  BLACK.    (Mr.  H.)\n\n"
            + score(("P. to K*s 4th.", "P. to K*s 4th."), *OPENING[1:]) + "\n")
    first, second = games_of(text)
    assert second.record.text.startswith("Oame VL") and first.record.text.endswith("Mateu ")
    assert [m.normalized for m in first.moves][-1] == "Qh5" and second.tags["White"] == "Morphy"


def test_a_label_after_a_result_and_more_words_begins_no_game():
    """A note that names another game after a result ("and mates, as in Game II.") is no label run on."""
    text = ("GAME I.--Between Mr. Morphy and Mr. Harrwitz.\n\n" + score(*OPENING) + "\n\n"
            "White threatens and mates, as in Game II.\n\n"
            + "\n".join(f"{n}. {w}    {n}. {b}" for n, (w, b) in enumerate(OPENING, 3)) + "\n")
    (game,) = games_of(text)
    assert game.record.text == text


def test_a_board_of_a_simultaneous_display_is_played_against_another_opponent():
    """The boards of a simultaneous display are games against as many opponents: a board whose heading the OCR
    damaged past naming its opponent ("BOABD No.  S,—  Tvi Mr,  Morphy a:") is not the board above's players'
    game, though its column's head fits one of them."""
    text = ("Board No. 7. — King's Knight's Gambit.\nMr. Morphy and Mr. Jones.\n\nWHITE.    (Mr.  M.)  BLACK.    (Mr.  J.)"
            "\n\n" + score(*SCHOLAR) + "\n\nAnd wins.\n\nBOABD No.  S,—  Tvi Mr,  Morphy a:\n\nWHITE.    (Mr.  Mor.)\n\n"
            + score(("P. to K*s 4th.", "P. to K*s 4th."), *OPENING[1:]) + "\n")
    first, second = games_of(text)
    assert (first.tags["White"], first.tags["Black"]) == ("Morphy", "Jones")
    assert second.record.text.startswith("BOABD") and "Black" not in second.tags


@pytest.mark.parametrize("line", ["^AME IV.— Here 2. P. to K. B's 4th. would have won.",
                                  "V Game V. The second player lost here by 3. Q. to K. R's 5th."])
def test_a_line_with_moves_after_a_label_the_ocr_damaged_begins_no_game(line):
    """A note that opens with a game's label as the OCR damaged it, moves after it, begins no record."""
    text = ("GAME I.--Between Mr. Morphy and Mr. Harrwitz.\n\n" + score(*SCHOLAR) + "\n\n" + line + "\n\n"
            + "\n".join(f"{n}. {w}    {n}. {b}" for n, (w, b) in enumerate(OPENING, 4)) + "\n")
    (game,) = games_of(text)
    assert game.record.text == text


def test_a_notes_line_that_names_a_game_played_against_another_begins_no_record():
    """"X against Y" heads a game as a heading's form only, its first player titled: a note's line ("as / played
    by Mortimer against Zuker- / tort, may be better"), a remark ("White has no defence against the threatening
    R"), above moves of the notes, begins no record."""
    text = ("GAME I.--Between Mr. Morphy and Mr. Harrwitz.\n\n" + score(*OPENING) + "\n\n"
            "(B) 2 .... Kt to Q sq, as\nplayed by Mortimer against Zuker-\ntort, may be better:\n\n"
            "3. B. to Q. B's 4th.    3. B. to Q. B's 4th.\n4. P. to Q. B's 3d.    4. K. Kt. to B's 3d.\n\n"
            "White has no defence against the threatening R.\n\n"
            "5. P. to Q's 4th.    5. P. takes P.\n6. P. takes P.    6. B. to Q. Kt's 5th. (ch.)\n")
    (game,) = games_of(text)
    assert game.record.text == text and game.tags["Players"] == "Morphy and Harrwitz"


@pytest.mark.parametrize("heading, players", [
    ("Mr. Morphy against the Duke of Brunswick and Count Isouard.", ["Morphy", "Duke of Brunswick:Isouard"]),
    ("Messrs. Morphy and Mongredien against Messrs. Lowenthal and Medley.", ["Mongredien:Morphy", "Lowenthal:Medley"]),
    # The words before the first side in its paragraph are no part of its first player's name.
    ("Game I. — Giuoco Piano.\nMr. Morphy against M. de Riviere.", ["Morphy", "Riviere, de"]),
])
def test_one_side_against_the_other_names_the_players_without_their_colours(heading, players):
    """Who had White "X against Y" does not say (Lowenthal prints "Messrs. Morphy and Mongredien against Messrs.
    Lowenthal and Medley." over "WHITE. (Messrs. L. and M.)"): the columns' heads say it, as of "Between"."""
    h = read_heading(heading)
    assert h.players == players and "White" not in h.tags


def test_the_columns_heads_name_a_side_of_several_by_one_of_them_or_as_the_allies():
    above = "Game I.\n\n" + score(*SCHOLAR) + "\n\n"  # (a game above: the text is read as a book's)
    first = games_of(above + "Messrs. Fiske and Perrin against Mr. Morphy.\n\n" + two_knights_column_after_column(
        white_head="WHITE.  (Mr. M.)", black_head="BLACK.  (Mr. F., &c.)"))[-1]
    allies = games_of(above + "Mr. Morphy against Messrs. Fiske and Perrin.\n\n" + two_knights_column_after_column(
        white_head="WHITE.  (Mr. M.)", black_head="BLACK.  (The Allies.)"))[-1]
    assert (first.tags["White"], first.tags["Black"]) == ("Morphy", "Fiske:Perrin")
    assert (allies.tags["White"], allies.tags["Black"]) == ("Morphy", "Fiske:Perrin")


@pytest.mark.parametrize("heads, initials", [
    ("WHITE.  (Messrs.  L.  and M.)    black.  (Messrs.  M.  and M.)", {"White": "L.:M.", "Black": "M.:M."}),
    ('"WHITE.  (Messrs.  M.  and B.)  black.  (Messrs.  S.  and A.)', {"White": "M.:B.", "Black": "S.:A."}),
])
def test_the_columns_heads_name_each_player_of_a_side_of_several(heads, initials):
    assert read_heading(heads).initials == initials


def test_a_side_of_several_named_player_by_player_over_its_column_has_its_colour():
    """"(Messrs. L. and M.)" over White's column names each player of the side: the side "X and Y against Z and W"
    names whose initials they are has White, though the heading does not say who had White."""
    text = ("Game I.\n\n" + score(*SCHOLAR) + "\n\nGame II. — Philidor's Defence.\n"
            "Messrs. Morphy and Mongredien against Messrs. Lowenthal and Medley.\n\n"
            "WHITE.  (Messrs.  L.  and M.)    BLACK.  (Messrs.  M.  and M.)\n\n" + score(*OPENING) + "\n")
    game = games_of(text)[-1]
    assert (game.tags["White"], game.tags["Black"]) == ("Lowenthal:Medley", "Mongredien:Morphy")


def test_a_head_naming_two_players_is_no_one_players():
    """A head that names two players ("(Messrs. M. and H.)") is a side of several's: it fits neither of two players."""
    text = ("Game I.\n\n" + score(*SCHOLAR) + "\n\nGame II. — Between Mr. Morphy and Mr. Harrwitz.\n\n"
            "WHITE.  (Messrs.  M.  and H.)\n\n" + score(*OPENING) + "\n")
    game = games_of(text)[-1]
    assert "White" not in game.tags and game.tags["Players"] == "Morphy and Harrwitz"


def test_a_series_heading_of_consultation_games_one_side_against_the_other_names_the_games_below():
    """A heading in capitals over a series of consultation games names its sides "BETWEEN ... AGAINST ...", a
    player by the name he took in quotes ("ALTER."), one line longer than a heading's: the games below name the
    sides' players by their initials, and so have their colours."""
    text = ("Game I.\n\n" + score(*SCHOLAR) + "\n\n"
            'CONSULTATION GAMES BETWEEN MESSRS.  MORPHY AND BARNES AGAINST MESSRS.  STAUNTON AND  "ALTER."\n\n'
            "The two following games cannot fail to possess a more than ordinary interest.\n\n"
            "Game I. — Philidor's Defence.\n\nWHITE.  (Messrs.  S.  and A.)    black.  (Messrs.  M.  and B.)\n\n"
            + score(*OPENING) + "\n")
    game = games_of(text)[-1]
    assert (game.tags["White"], game.tags["Black"]) == ("Alter:Staunton", "Barnes:Morphy")


@pytest.mark.parametrize("heading, players", [
    ('CONSULTATION GAMES BETWEEN MESSRS. MORPHY AND BARNES AGAINST MESSRS. STAUNTON AND "ALTER."',
     ["Barnes:Morphy", "Alter:Staunton"]),
    ("CONSULTATION GAMES BETWEEN MESSRS.  MORPHY,\nWALKER,  AND GREENEWAY AGAINST MONGREDIEN,\nMEDLEY,  AND LOWENTHAL.",
     ["Greeneway:Morphy:Walker", "Lowenthal:Medley:Mongredien"]),
])
def test_between_one_side_against_the_other_names_both_sides(heading, players):
    assert read_heading(heading).players == players


def test_a_heading_wrapped_past_the_ocrs_blank_line_begins_its_game_and_names_both_players():
    # Hastings 1895's OCR sets a blank line under each line: "G. Marco v." / "I. GUNSBERG." is one heading.
    text = ("A. Burn v. C. von Bardeleben.\n\n" + unnumbered(*HASTINGS_1) + "\nWhite resigns.\n\n"
            "G. Marco v.\n\nI. GUNSBERG.\n\n" + unnumbered(*HASTINGS_2))
    first, second = games_of(text)
    assert "GUNSBERG" not in first.record.text and second.record.text.startswith("G. Marco v.")
    assert (second.tags["White"], second.tags["Black"]) == ("Marco, G.", "Gunsberg, I.")
    assert [m.status for m in first.moves] == ["ok"] * 6 and [m.status for m in second.moves] == ["ok"] * 6


def test_a_heading_of_three_lines_with_the_columns_heads_under_it_in_one_paragraph_begins_its_game():
    # Löwenthal's odds games: the heading, who played, the odds, then the heads, no blank line between; the OCR
    # lost the first two moves' words ("p." for "P.", "Ki." for "Kt."), so the game is known by its heading alone.
    paragraph = ("Game VI. — Evans's Gambit.\nMr. Morphy and an Amateur.\n[Remove White's Q's Kt.]\n"
                 "WHITE.     (Mr.  M.)  BLACK.     (Mr.  — .)")
    heading = read_heading(paragraph)
    assert heading is not None and heading.begins_a_game() and heading.label == "VI"
    assert heading.players == ["Morphy", "an Amateur"] and heading.initials["White"] == "M."
    # A fourth line that is not the heads is still a line too many: no heading.
    assert read_heading(paragraph.replace("WHITE.     (Mr.  M.)  BLACK.     (Mr.  — .)", "It was played in 1858.")) \
        is None
    moves = [("p. to K's 4th.", "P. to K's 4th."), ("Ki. to B's 3rd.", "Kt. to Q. B's 3rd."),
             ("B. to B's 4th.", "B. to B's 4th."), ("P. to Q. Kt's 4th.", "B. takes P."),
             ("P. to B's 3rd.", "B. to R's 4th.")]
    game, = [g for g in games_of("And wins.\n\n" + paragraph + "\n\n" + score(*moves, indent="") + "\n") if g.moves]
    assert (game.tags["White"], game.tags["Black"]) == ("Morphy", "an Amateur")
    assert game.start.split()[0] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR"  # the odds: White's Q's Kt.
    assert [m.normalized for m in game.moves][4:] == ["Bc4", "Bc5", "b4", "Bxb4", "c3", "Ba5"]


def test_a_games_label_begins_a_game_and_its_score_below_begins_it_once():
    text = ("ZUKERTORT'S GAMES.\n\nGame 1, played on the 26th of April.\n\nRUY LOPEZ.\n\n" + score(*SCHOLAR)
            + "\n\nResigns.\n\nGame 2, played on the 27th of April.\n\nSCOTCH OPENING.\n\n" + score(*OPENING) + "\n")
    first, second = games_of(text)  # (the section's title, no move in it, stored with the game below it)
    assert first.tags["Date"] == "????.04.26" and first.record.text.startswith("ZUKERTORT'S GAMES.\n\nGame 1, played")
    assert second.tags["Date"] == "????.04.27" and len(second.moves) == 4


def test_a_heading_over_a_series_begins_no_game_of_its_own():
    text = ("ROUND III.\n\nA. Burn v. C. von Bardeleben.\n\n" + score(*OPENING) + "\n\n"
            "J. Mason v. Dr. Tarrasch.\n\n" + score(*SCHOLAR) + "\n")
    first, second = games_of(text)
    assert first.record.text.startswith("ROUND III.") and first.tags["Round"] == "3"
    assert second.tags["Black"] == "Tarrasch"


def test_a_game_continued_from_a_page_before_begins_none():
    text = ("GAME No. 7.\n\n" + score(*OPENING) + "\n\nGame 7\u2014 Cont'd.\n\n"
            "       3. B. to Q. Kt's 5th.       3. P. to Q. R's 3rd.\n")
    (g,) = games_of(text)
    assert "Cont'd" in g.record.text


def test_moves_printed_with_a_dash_name_no_players():
    assert read_heading("R \u2014 B8") is None or "White" not in read_heading("R \u2014 B8").tags


def test_a_note_that_names_a_game_begins_none():
    text = ("GAME No. 2.\n\n" + score(*OPENING) + "\n\nGame 2. \u2014 If 8 Q-Q4, Black's best answer is 8 Q-B3.\n"
            "Game 2. \u2014 A premature preparation for the attack.\n")
    (g,) = games_of(text)
    assert "premature" in g.record.text


def test_a_series_headings_ocrd_names_are_the_books_names_they_are_like():
    prose = "Mr. Morphy met Herr Harrwitz. " * 5
    # (A series heading is read where it stands after a score, the last game of the section before.)
    text = (score(*OPENING, indent="") + "\n\n" + prose + "\n\nMATCH BETWEEN MR.  MOIIPIIY AND HERR IIAERWITZ.\n\nThe match began in Paris.\n\n"
            "Game I. — French Opening.\n\nWHITE.    (Mr.  H.)  BLACK.    (Mr.  M.)\n\n" + score(*SCHOLAR, indent="") + "\n")
    *_, game = games_of(text)
    assert (game.tags.get("White"), game.tags.get("Black")) == ("Harrwitz", "Morphy")


# -- games and lines of analysis ------------------------------------------------


#: A game in the same book: a book whose headings name games tells its games from its lines of analysis.
GAME_AFTER = ("       GAME II.--Between Mr. Morphy and Mr. Harrwitz.\n\n"
              "          WHITE. (Mr. M.)              BLACK. (Mr. H.)\n" + score(*OPENING) + "\n")


@pytest.mark.parametrize("heading", [
    "THE GIUOCO PIANO.",                       # a section's title over the book's own line
    "GAME THE FOURTH.\n                 PHILIDOR'S DEFENCE.",  # an opening chapter's lines, counted in words
    "VARIATION (A.)",
    "(Evans Gambit.)",                         # an opening's name alone
])
def test_a_score_under_no_games_heading_is_a_line_of_analysis(heading):
    text = (f"                 {heading}\n\n          WHITE.                BLACK.\n" + score(*SCHOLAR) + "\n\n\n"
            + GAME_AFTER)
    g, game = games_of(text)
    assert g.tags["Kind"] == "analysis" and "Kind" not in game.tags
    assert '[Kind "analysis"]' in write_game(g)  # a tag of PGN's form: the export keeps the split


@pytest.mark.parametrize("heading", [
    "GAME V.--(By Philidor.)",                 # a numbered game's label, no players
    "Board No. 5.",
    "W. Steinitz v. B. Vergani.",
    "Between Mr. Morphy and Mr. Harrwitz.",    # players, their colours not said
    "Played at the Philadelphia Athenaeum, March 10, 1859.",  # an occasion
    "Partie Nr. 3. Spanische Partie.",
])
def test_a_score_under_a_games_heading_is_a_game(heading):
    text = f"                 {heading}\n\n          WHITE.                BLACK.\n" + score(*SCHOLAR) + "\n"
    (g,) = games_of(text)
    assert "Kind" not in g.tags and "[Kind " not in write_game(g)


def test_the_lines_of_a_section_are_analysis_and_the_game_after_them_is_a_game():
    text = ("                 THE KING'S GAMBIT.\n\n" + score(*OPENING) + "\n\nBoth sides develop.\n\n"
            + score(*SCHOLAR) + "\n\n\n       GAME II.--Between Mr. Morphy and Mr. Harrwitz.\n\n"
            "          WHITE. (Mr. M.)              BLACK. (Mr. H.)\n" + score(*OPENING) + "\n")
    first, second, game = games_of(text)
    assert [g.tags.get("Kind") for g in (first, second, game)] == ["analysis", "analysis", None]
    assert game.tags["White"] == "Morphy"


def test_two_names_in_capitals_stacked_under_a_games_label_are_white_over_black():
    text = ("Game 9.\n\nVienna Chess Congress, 1873.\n\nANDERSSEN\nSTEINITZ.\n\n"
            "          WHITE.                BLACK.\n" + score(*SCHOLAR) + "\n")
    (g,) = games_of(text)
    assert (g.tags["White"], g.tags["Black"]) == ("Anderssen", "Steinitz")


@pytest.mark.parametrize("text", [
    "PETROFF'S\nDEFENCE.",              # an opening's name in two lines
    "MAXJUDD PAULSEN\nSTEINITZ. MORPHY.",  # two games' names side by side: whose is whose is not known
    "Von BILGUER\nVon HEYDE-",           # a name broken at the line's end
])
def test_stacked_capitals_that_are_no_two_names_name_no_one(text):
    heading = read_heading(text)
    assert heading is None or not heading.stacked


def test_stacked_names_under_no_games_label_name_no_one():
    text = "ANDERSSEN\nSTEINITZ.\n\n          WHITE.                BLACK.\n" + score(*SCHOLAR) + "\n"
    (g,) = games_of(text)
    assert "White" not in g.tags


def test_a_heading_line_the_forms_do_not_read_keeps_the_others_from_none():
    # The odds in brackets, and the OCR's comma for the full stop of "Mr.": the label and the players are read.
    h = read_heading("Game X. — Evans's Gambit.\nMr.  Morphy and Mr,  Worrall.\n[Remove White's Q*s Kt.]")
    assert h.label == "X" and h.players == ["Morphy", "Worrall"] and h.tags["Opening"] == "Evans's Gambit"
    text = ("Game X. — Evans's Gambit.\nMr.  Morphy and Mr,  Worrall.\n[Remove White's Q*s Kt.]\n\n"
            "WHITE.     (Mr.  M.)  BLACK.     (Mr.  W.)\n" + score(*SCHOLAR) + "\n")
    (g,) = games_of(text)
    assert (g.tags["White"], g.tags["Black"]) == ("Morphy", "Worrall")


def test_a_text_whose_headings_name_no_game_calls_none_of_its_scores_analysis():
    text = "                 THE GIUOCO PIANO.\n\n" + score(*SCHOLAR) + "\n\nBoth sides develop.\n\n" + score(*OPENING) + "\n"
    assert all("Kind" not in g.tags for g in games_of(text))


def test_a_score_that_begins_past_move_one_continues_a_game_and_is_no_analysis():
    text = ("GAME II.--Between Mr. Morphy and Mr. Harrwitz.\n\nWHITE. (Mr. M.)  BLACK. (Mr. H.)\n" + score(*OPENING)
            + "\n\n\n       15. Q. to K's 2d.           15. K. Kt. to B's 3d.\n       16. P. to Q's 4th.    16. P. to Q's 3d.\n")
    spans = book_spans(text, CHESS.book_moves)
    assert spans is not None and all(s.tags.get("Kind") != "analysis" for s in spans)


def test_a_result_where_the_score_ends_is_the_result_though_the_notes_moves_run_on():
    # "Resigns" alone on its line under the score; the notes below number their moves on from it.
    text = ("A. Burn v. C. von Bardeleben.\n\nWHITE  BLACK\n1 P to K 4  P to K 4\n2 Kt to K B 3  Kt to Q B 3\n"
            "3 B to Kt 5  P to Q R 3\n4 B x Kt\n\nResigns\n\nNotes by J. Mason.\n\n"
            "5 Q to K 2 ; 6 P to Q 4, with a fine game.\n")
    (g,) = games_of(text)
    assert g.result == "1-0"  # Black, to move after White's 4th, resigned


def test_a_result_with_moves_under_it_ends_a_column_not_the_score():
    text = ("A. Burn v. C. von Bardeleben.\n\nWHITE  BLACK\n1 P to K 4  P to K 4\n2 Kt to K B 3  Kt to Q B 3\n"
            "3 B to Kt 5  P to Q R 3\n4 B x Kt\n\nResigns\n\n5 Q to K 2 ; 6 P to Q 4, with a fine game.\n")
    (g,) = games_of(text)
    assert g.result in (None, "*")


# -- the OCR's damage to the columns' heads and the players' names -----------------


@pytest.mark.parametrize("printed, initials", [
    ("TVHirE.    (Mr.  Mor.)  elack.    (Mr.  Med.)", {"White": "Mor.", "Black": "Med."}),  # letters' shapes
    ("^vniTE.    (Mr.  L.)  black.    (Mr.  M.'^", {"White": "L.", "Black": "M."}),  # the bracket lost
    ("WHITE.    (Mr.  M.)  BLACK,    (Lord C.)", {"White": "M.", "Black": "C."}),
    ("WHITE.     (^Ir.  P.)  BLACK.     ^Mr.  M.)", {"White": "P.", "Black": "M."}),
    ("WHITE.    (Mr.  L.)  '  BLACK.    (Mt.  M.)", {"White": "L.", "Black": "M."}),
    ("WHITE.     (Mr.  M.)  BLACK.    (Mr.  — ).", {"White": "M.", "Black": "----."}),  # the unnamed player
    ("-WHITE.    (Mr.  M.)  BLA.CK.    (Mr,  B.)", {"White": "M.", "Black": "B."}),  # a stray stop in the word
])
def test_the_columns_heads_as_the_ocr_prints_them(printed, initials):
    assert read_heading(printed).initials == initials


def test_a_paragraph_that_only_looks_like_the_columns_heads_is_not_read_as_them():
    assert read_heading("WHITE wins the exchange (and the game).") is None


def test_a_head_the_ocr_damaged_past_fitting_either_player_leaves_the_other_to_tell_the_colours():
    text = ("       Game I. — King's Gambit Evaded.\n       Mr. Morphy and Mr. Bird.\n\n"
            "          WHITE.    (Mr.  M.)  BLACK.    (Mr R)\n" + score(*SCHOLAR) + "\n")
    (g,) = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Morphy", "Bird")


def test_a_series_heading_in_capitals_run_into_the_text_below_names_the_games_players():
    text = ("MATCH BETWEEN ME.  MORPHY AND HERE ANDERSSEN. This match was played at the Cafe de la Regence in\n"
            "Paris, and Mr. Morphy won it.\n\n"
            "Game I. — Evans' Gambit.\n\n          WHITE.    (Mr.  A.)  BLACK.    (Mr.  M.)\n" + score(*SCHOLAR) + "\n")
    *_, g = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Anderssen", "Morphy")


def test_a_players_name_the_ocr_damaged_by_one_letter_is_the_name_the_book_prints_often():
    prose = "Mr. Morphy played. " * 25 + "Mr. Horwitz and Mr. Harrwitz looked on.\n\n"
    text = (prose + "       Board No. 5. — Evans's Gambit. Mr. Morpty and Mr. Greenaway.\n\n"
            "          WHITE.    (Mr.  M.)  BLACK.    (Mr.  G.)\n" + score(*SCHOLAR) + "\n\n\n"
            "       Board No. 6. — Evans's Gambit. Mr. Horwitz and Mr. Greenaway.\n\n"
            "          WHITE.    (Mr.  H.)  BLACK.    (Mr.  G.)\n" + score(*SCHOLAR) + "\n")
    *_, first, second = games_of(text)
    assert (first.tags.get("White"), first.tags.get("Black")) == ("Morphy", "Greenaway")
    # "Horwitz" is two letters off "Harrwitz": another player, as printed.
    assert second.tags.get("White") == "Horwitz"


@pytest.mark.parametrize("columns, white, black", [
    ("-WHITE     (Mr,  de R.)  black.    (Mr.  M.)", "Riviere, de", "Morphy"),  # the OCR's comma for the stop
    ("WHITE.    (Mr.  ^I.)  BLACK.    (Mr.  de R.)", "Morphy", "Riviere, de"),  # the OCR's "^I" for an M
    ("WHITE.    (Mr.  M.)  BLACK.    (Rev,  Mr.  R.)", "Morphy", "Riviere, de"),
])
def test_an_honorific_with_the_ocrs_comma_in_a_columns_head(columns, white, black):
    text = ("       Board No. 1.— Two Knights' Defence,\n       M.  de Riviere and Mr,  Morphy.\n\n"
            "          " + columns + "\n" + score(*SCHOLAR) + "\n")
    (g,) = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == (white, black)


def test_a_french_player_named_with_m_and_a_particle():
    text = ("       Board No. 1.— Two Knights' Defence,\n       M.  de Riviere and Mr,  Morphy.\n\n"
            "          WHITE.    (M.  de R.)  BLACK.    (Mr.  M.)\n" + score(*SCHOLAR) + "\n")
    (g,) = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Riviere, de", "Morphy")


@pytest.mark.parametrize("heads, names, white, black", [
    # A worn page's OCR, each letter read as one of like shape ("r" for "t", "y" for "n", "x" for "k").
    ("White. Black.", "M. Tontcortx. W. Sreiyirz.", "Tchigorin, M.", "Steinitz, W."),
    ("White. | Black.", "M, Tcuiconix. W, STEINITZ.", "Tchigorin, M.", "Steinitz, W."),  # a rule between
    # The second name ends where the moves of the other column begin.
    ("White. Black. White. Black.", "W. Srersirz, J. H. Zoxertorr 21 Q to Q sq K R to Q sq", "Steinitz, W.",
     "Zukertort, J. H."),
    # The heads on two lines, one above the other.
    ("White.\n\nBlack.", "W. Srainitz. M. Tchigorin.", "Steinitz, W.", "Tchigorin, M."),
    # The OCR's marks in a name: a figure 1 or an "@" among its letters, a stop doubled or tripled, a
    # surname split before a piece in small letters, a ":" or "-" for its stop.
    ("White. Black.", "M. Tcn1gorty. J... Zoxertorr.", "Tchigorin, M.", "Zukertort"),
    ("White. Black.", "W. Sreinit@z.. J. H. Zukerto rt:.", "Steinitz, W.", "Zukertort, J. H."),
    ("White. Black. White. Black.", "M. Tcuiconix. J, H. Zoxertorr- 21 Q to Q sq K R to Q sq", "Tchigorin, M.",
     "Zukertort, J. H."),
    # Initials the OCR damaged ("Il." for one letter, "J. WH." two for one) say nothing of who it is.
    ("White. Black.", "Il. Tcuiconix. J. WH. Zoxertorr.", "Tchigorin", "Zukertort"),
])
def test_the_names_under_the_columns_heads_as_a_worn_page_prints_them(heads, names, white, black):
    text = ("CONTENTS.\n\n" + ROSTER + "\n\nGame 1, played on the 26th of April.\n\nRUY LOPEZ.\n" + heads + "\n"
            + names + "\n" + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2, 1)) + "\n")
    *_, game = games_of(text)
    assert (game.tags.get("White"), game.tags.get("Black")) == (white, black)


def test_a_likeness_by_shape_needs_the_first_letter():
    # "Tontcortx" is Tchigorin by the letters' shapes; "Rontcortx" begins with another letter: no one.
    text = ("CONTENTS.\n\n" + ROSTER + "\n\nGame 1, played on the 26th of April.\n\nRUY LOPEZ.\nWhite. Black.\n"
            "M. Rontcortx. J. H. Zoxertorr.\n" + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2, 1)) + "\n")
    *_, game = games_of(text)
    assert "White" not in game.tags


def test_the_columns_heads_over_moves_name_no_one_the_names_below_later_heads_do():
    text = ("CONTENTS.\n\n" + ROSTER + "\n\nGame 1, played on the 26th of April.\n\nRUY LOPEZ.\n"
            "White. Black.\n1 P to K 4 P to K 4\n\nWhite. Black.\nW. Steinitz. M. Tchigorin.\n"
            + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2[1:], 2)) + "\n")
    *_, game = games_of(text)
    assert (game.tags.get("White"), game.tags.get("Black")) == ("Steinitz, W.", "Tchigorin, M.")


def test_each_colour_over_its_name_with_the_first_move_in_the_same_paragraph():
    text = ("Game 15,\n\nEvans' Gambit.\n\nWhite,\nM. TSCHIGORIN.\nBlack,\n\\V. STEINITZ.\n"
            + score(*SCHOLAR, indent="") + "\n")
    (g,) = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Tschigorin, M.", "Steinitz, W.")


def test_a_number_alone_over_a_score_numbers_a_problem_not_a_game():
    ending = [("K. to B's 2d.", "K. to Kt's 6th."), ("K. to Kt's sq.", "K. to his 6th.")]
    text = ("       KING AND THREE PASSED PAWNS AGAINST KING AND THREE.\n\n       No. 7.\n\n"
            "          WHITE.                BLACK.\n" + score(*ending) + "\n\n\n"
            "       Game No. 8.\n\n          WHITE.                BLACK.\n" + score(*SCHOLAR) + "\n")
    records = split_source(SourceText("book.txt", text))
    kinds = [r.tags.get("Kind") for r in records if "No." in r.text[:80]]
    assert kinds == ["analysis", None]


MINOR = ROSTER + "".join(f"{n}. {name} v. {other}.\n" for n, (name, other) in enumerate(
    [("C. J. Lambert", "T. H. Piper"), ("T. H. Piper", "C. J. Lambert"), ("C. J. Lambert", "T. H. Piper"),
     ("W. Srernitz", "H. E. Bird"), ("H. E. Bird", "W. Srernitz"), ("W. Srernitz", "H. E. Bird"),
     ("H. E. Bird", "H. E. Bird"), ("G. A. MacDonnell", "T. H. Piper"), ("T. H. Piper", "G. A. MacDonnell"),
     ("G. A. MacDonnell", "C. J. Lambert")], 20))


@pytest.mark.parametrize("names, white, black", [
    # A minor tournament's players, printed a few times with initials none of the frequent names has.
    ("C. J. Lawpert. T. H. Pirer.", "Lambert, C. J.", "Piper, T. H."),
    # "W. Srernitz", printed thrice with Steinitz's initials, is Steinitz misprinted, not a player.
    ("W. Srernitz. C. J. Lambert.", "Steinitz, W.", "Lambert, C. J."),
    # Two initials printed clean that one player has, the surname past reading but its first letter.
    ("H. E. Bmp. M. Tchigorin.", "Bird, H. E.", "Tchigorin, M."),
    # A name with a capital inside it, "Mac" before it, printed a few times ("G. A. MacDonnell").
    ("G. A. MacDonnetr. T. H. Pirer.", "MacDonnell, G. A.", "Piper, T. H."),
])
def test_the_names_of_players_printed_a_few_times_and_initials_only_one_player_has(names, white, black):
    text = ("CONTENTS.\n\n" + MINOR + "\n\nGame 1, played on the 26th of April.\n\nRUY LOPEZ.\nWhite. Black.\n"
            + names + "\n" + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2, 1)) + "\n")
    *_, game = games_of(text)
    assert (game.tags.get("White"), game.tags.get("Black")) == (white, black)


@pytest.mark.parametrize("note", [
    "15. Game 2. — This may be as safely played as KKt— K2, adopted in the previous game; if 8 Q— Q4, 8 Q— B3.",
    "Game 2.— If 9 PxQP, 9 PxP threatening to capture the R with a check, 10 Q— K2, 10 B— K3.",
])
def test_a_page_of_notes_under_a_games_players_is_analysis_not_the_game(note):
    # A page of notes headed by the game's players ("Ponce v. Steinitz."): its moves are the notes' lines.
    # (The record as a book's split cuts it there: the page of notes after a game's score.)
    text = GAME_AFTER + "\n\nPonce v. Steinitz.\n\n" + note + "\n\n" + note.replace("2", "3") + "\n"
    at = text.index("Ponce")
    series = _Series(CHESS.book_moves, text)
    assert "Kind" not in series.tags(text, 0, at)
    assert series.tags(text, at, len(text)).get("Kind") == "notes"


#: A chapter's notes printed apart from the game they annotate, numbered through the book under the game's players,
#: then the next chapter's title over its text and its table (Steinitz's *Instructor*: "Amateur v. Kieseritzky." over
#: "70. Game 8.— ...", then "PHILIDOR'S DEFENCE.").
NOTES_THEN_CHAPTER = (
    "Amateur v. Kieseritzky.\n\n"
    "70. Game 8.— Compare up to this juncture Table 6, Col. 19. The right move is here 14 Q — Q5 ch.\n\n"
    "71. Game 8.— Best. If 16 K— Q2, 16 R— Kt sq.; 17 QxP, 17 RxP ch.; 18 K— B3, 18 B— K5; 19 B—\n"
    "Q2, 19 Q — B2 ch., with a winning attack.\n\n"
    "73. Game 8.— Black's attack is excellently conducted.\n\n"
    "PHILIDOR'S DEFENCE.\n\n"
    "The move 2 P — Q3, in the KKt opening, is already noticed in the Gottingen\n"
    "M. S. and by Italian authorities. The defence thereby initiated is now known as\n"
    "Philidor's Defence. We hold 3 B — B4 to be at least as good as 3 P — Q4.\n\n"
    "1 P— K4 P— K4\n2 Kt— KB3 P— Q3\n3 B— B4 B— K2\n4 P— B3 Kt— KB3\n5 P— Q3 O— O\n")


@pytest.mark.parametrize("above", [
    "",
    # the last lines of the notes before it, cut above the heading
    "moves, 32 R — Kt8 mate.\n\n",
])
def test_a_page_of_notes_ends_where_the_next_chapters_title_is_printed(above):
    # Read as the notes' record, the chapter's text and tables were the game's score under its players' heading
    # (Steinitz's *Instructor*: 458 moves under "Amateur v. Kieseritzky.", 153 of them illegal): the notes are
    # the game's notes, a record of lines of analysis, and the chapter from its title a record of its own.
    text = GAME_AFTER + "\n\n" + above + NOTES_THEN_CHAPTER
    spans = book_spans(text, CHESS.book_moves, lambda words: len(CHESS.move_words(words)))
    assert spans is not None
    notes = next(s for s in spans if s.start <= text.index("Amateur v.") < s.end)
    chapter = next(s for s in spans if s.start <= text.index("PHILIDOR'S") < s.end)
    assert notes is not chapter and chapter.start == text.index("PHILIDOR'S")
    assert notes.tags == {"White": "Amateur", "Black": "Kieseritzky", "Kind": "notes"}
    assert chapter.tags is not None and chapter.tags.get("Kind") == "analysis" and "White" not in chapter.tags


def test_a_page_of_notes_is_not_replayed_from_the_opening_and_says_which_game_it_is_on():
    # The notes' lines are played from Game 8's positions ("14 Q — Q5 ch.", "16 K— Q2, 16 R— Kt sq."), which the
    # page does not print: replayed from the opening they were a wall of illegal moves. None is replayed; one
    # error at the first note names the game; the game before the notes and the chapter after them read as before.
    text = GAME_AFTER + "\n\n" + NOTES_THEN_CHAPTER
    records = split_source(SourceText("book.txt", text))
    games = [process(r) for r in records]
    (notes,) = [g for g in games if g.tags.get("Kind") == "notes"]
    assert notes.moves == [] and notes.status == "error"
    (said,) = [d for d in notes.diagnostics if d.severity != "info"]
    assert said.code == "notes-apart" and "Game 8 (Amateur v. Kieseritzky)" in said.message
    assert said.line == text[:text.index("70. Game 8.")].count("\n") + 1
    game = next(g for g in games if g.tags.get("White"))
    board = chess.Board()
    for move in game.moves:
        board.push_san(move.normalized)
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6"] and game.status == "ok"
    chapter = games[-1]
    assert chapter.tags.get("Kind") == "analysis"
    assert [m.normalized for m in chapter.moves][:4] == ["e4", "e5", "Nf3", "d6"]


def test_a_running_head_between_notes_is_no_end_of_them():
    # The page's running head between two notes ("PHILIDOR'S DEFENCE." over "71. Game 8.— ..."): the notes go on.
    text = GAME_AFTER + "\n\n" + NOTES_THEN_CHAPTER.replace("71. Game 8.", "PHILIDOR'S DEFENCE.\n\n71. Game 8.")
    spans = book_spans(text, CHESS.book_moves, lambda words: len(CHESS.move_words(words)))
    assert spans is not None
    notes = next(s for s in spans if s.start <= text.index("Amateur v.") < s.end)
    assert notes.end > text.index("73. Game 8.")


#: A diagram's caption over a page of notes, as printed: the game's label over the move the diagram shows,
#: the game's players, the page's running head, then the notes continued from the page before.
CAPTION_PAGE = ("GAME No. 8.\n\nMove 25. RxP ch.\n\nBLACK — BAUCHER.\n\nWHITE — MORPHY.\n\n"
                "PHILIDOR'S DEFENCE. 161\n\n(Continued from page 159)\n\n"
                "Game 7.— The correct move and much stronger than 13 P— K5 on account of 13 Q— Kt4.\n")


@pytest.mark.parametrize("caption", [
    "GAME No. 8.\n\nMove 25. RxP ch.",
    "GAME No. 4.\nMove 30. R(Qsq)— Q5 ch.",   # the move on the label's next line
    "^\n\nGAME No. 4.\n\nMove 1 6. Kt— Kt5.",  # a stray mark above it; the OCR's space in the number
])
def test_a_diagrams_caption_over_a_page_of_notes_is_no_games_heading(caption):
    # "GAME No. 8." over "Move 25. RxP ch." captions a diagram of a game printed on another page: the
    # page below it is that game's notes, their moves lines of analysis.
    text = GAME_AFTER + "\n\n" + CAPTION_PAGE.replace("GAME No. 8.\n\nMove 25. RxP ch.", caption)
    at = text.index(caption)
    series = _Series(CHESS.book_moves, text)
    assert "Kind" not in series.tags(text, 0, at)
    assert series.tags(text, at, len(text)).get("Kind") == "analysis"


def test_a_diagrams_caption_cuts_no_record_where_the_notes_below_it_name_moves():
    # With moves enough in the notes below ("KtxKBP", "QxKP" among them), the caption's label was read as a
    # game's heading over them: a record of the notes' page, cut from the game the notes are on.
    notes = ("Game 8.— If 13 KtxKBP, 13 QxKP ch.; 14 K— B sq., 14 BxKt with the superior game. White could "
             "not play 15 RxB on account of 15 QxKP.")
    text = GAME_AFTER + "\n\n" + CAPTION_PAGE.replace("Game 7.— The correct move and much stronger than 13 P— K5 "
                                                     "on account of 13 Q— Kt4.", notes)
    spans = book_spans(text, CHESS.book_moves, lambda words: len(CHESS.move_words(words)))
    assert spans is not None and not any(text[s.start:].lstrip().startswith("GAME No. 8.") for s in spans)


def test_a_games_label_over_its_score_is_no_caption():
    # The same label over the game's columns, no move of a diagram below it: a game's heading.
    (g,) = games_of("GAME No. 8.\n\n          WHITE.                BLACK.\n" + score(*SCHOLAR) + "\n")
    assert "Kind" not in g.tags


def test_a_games_heading_with_a_dash_and_its_opening_is_no_note():
    # "Game 4. — King's Gambit." says what the game is: a game whose move numbers the OCR lost.
    text = (GAME_AFTER + "\n\nGame 4. — King's Gambit.\nMr. Morphy and Mr. Anderssen.\n\n"
            "P. to K's 4th.      P. to K's 4th.\nP. to K. B's 4th.     P. takes P.\n")
    at = text.index("Game 4.")
    assert "Kind" not in _Series(CHESS.book_moves, text).tags(text, at, len(text))


@pytest.mark.parametrize("printed, players", [
    ("Between Mr.  ^lorphy and an amateur.", ["Morphy", "an amateur"]),  # the OCR's "^l" for M
    ("Mr.  de Riviere and Mr.  ]\\Iorphy.", ["Riviere, de", "Morphy"]),
    ("Mr.  Morphy and  ^I.  Bornemann.", ["Morphy", "Bornemann"]),  # the French "M." before a name
])
def test_the_ocrs_shapes_of_a_capital_m_in_a_name(printed, players):
    assert read_heading(printed).players == players


@pytest.mark.parametrize("heads", ["WHITE.    (Mr.  M.)", "WHITE.    (Mr.  M.)  BLACK.    (Mr.  — ."])
def test_a_head_that_fits_the_named_player_is_his_not_the_amateurs(heads):
    # "an Amateur" is the book's name for a player it does not name: any head may be his, but a head
    # with Morphy's initial is Morphy's.
    text = "Game No.  2. — Evans's Gambit.\nMr.  Morphy and an Amateur.\n\n" + heads + "\n" + score(*SCHOLAR) + "\n"
    (g,) = games_of(text)
    assert (g.tags["White"], g.tags["Black"]) == ("Morphy", "an Amateur")


def test_the_columns_heads_over_whites_column_in_one_paragraph():
    # Black's column printed after White's, the heads' line at the top of White's: who played is still read.
    heading = read_heading("WHITE.    (Sir.  M.) \nP.  to K's  4th. \nP.  to K.  B's  4th. \nP.  takes Q's P. ")
    assert heading is not None and heading.initials == {"White": "M."}
    text = ("Game XIII. — King's Gambit Declined.\nBetween Mr. Morphy and Mr. Worrall.\n\n"
            "WHITE.    (Mr.  M.)\n" + score(*SCHOLAR, ("P. to Q's 3d.", "P. to Q's 3d.")) + "\n")
    (g,) = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Morphy", "Worrall")


def test_a_run_in_heading_after_a_score_titles_the_line_below_it():
    # An opening book's lines, each under its name run in with a stop and a dash ("The Giuoco Piano.—"): the
    # heading after one line's moves is the next line's title (not the first heading's, nor kept with its dash).
    text = ("The Damiano Gambit.—\n\n1. P—K4 P—K4\n2. Kt—KB3 P—KB3\n\nPhilidor's Defense.—\n\n"
            "1. P—K4 P—K4\n2. Kt.–KB3 P–Q3\n\nPetroff's Defense.—\n\n1. P—K4 P—K4\n2. Kt.—KB3 Kt.—KB3\n")
    titles = [r.tags.get("Title") for r in split_source(SourceText("openings.txt", text))]
    assert titles == ["The Damiano Gambit.", "Philidor's Defense.", "Petroff's Defense."]


#: Philidor's Studies of Chess (1803): each move under its number centred on a line alone, the names in words.
PHILIDOR_FIRST = ("    White. The king’s pawn 2 squares.\n    Black. The same.\n\n"
                  "                    2.\n    W. King’s knight at king’s bishop’s 3d square.\n"
                  "    B. Queen’s pawn 1 square.\n\n"
                  "                    3.\n    W. King’s bishop at the queen’s bishop’s 4th.\n"
                  "    B. Queen’s knight at queen’s bishop’s 3d square.\n")
PHILIDOR_SECOND = ("                    1.\n    W. The queen’s pawn 2 squares.\n    B. The same.\n\n"
                   "                    2.\n    W. King’s knight at king’s bishop’s 3d square.\n"
                   "    B. King’s knight at king’s bishop’s 3d square.\n\n"
                   "                    3.\n    W. King’s pawn 1 square.\n"
                   "    B. The same.\n")


def test_the_parties_and_examples_of_1803_begin_their_games():
    # Philidor's Studies of Chess heads its games "EXAMPLE I." and "FIRST PARTY," ("party" the period's word for a
    # game), the moves spelled out in words below: each heading begins a record, titled by it (the whole book was
    # one record). A game taken up from another's move ("EXAMPLE II." over "COUPLET 4.", a "back-game") goes on in
    # the game above it: no record begins there.
    back = ("EXAMPLE II.\n\nTHE PRECEDING GAME CONTINUED.\n\n                COUPLET 4.\n"
            "    W. Queen’s pawn 2 squares.\n    B. The pawn takes the pawn.\n\n"
            "                    5.\n    W. The knight takes the pawn.\n"
            "    B. King’s knight at king’s bishop’s 3d square.\n")
    text = "EXAMPLE I.\n\nFIRST COUPLET OF MOVES.\n\n" + PHILIDOR_FIRST + "\n" + back + "\nSECOND PARTY,\n\n" + PHILIDOR_SECOND
    records = split_source(SourceText("book.txt", text))
    assert "COUPLET 4." in records[0].body and "COUPLET 4." not in records[1].body
    first, second = (process(r) for r in records)
    assert [first.title, second.title] == ["EXAMPLE I.", "SECOND PARTY,"]
    # Each game read from its first move, every move legal: the back-game goes on from the first game's third
    # move, the second game is no variation of the first.
    assert [m.normalized for m in first.moves] == ["e4", "e5", "Nf3", "d6", "Bc4", "Nc6", "d4", "exd4", "Nxd4", "Nf6"]
    assert [m.normalized for m in second.moves] == ["d4", "d5", "Nf3", "Nf6", "e3", "e6"]
    assert all(m.status == "ok" for m in first.moves + second.moves)


def test_a_move_1_alone_on_its_line_over_a_move_in_words_begins_a_game():
    # Philidor's gambits ("FIRST GAMBIT,", no game's label) each begin at move 1, its number centred on a line of its
    # own over the move pair spelled out in words: each is a record of its own, read from its first move.
    text = "FIRST GAMBIT,\n\n" + PHILIDOR_SECOND + "\nSECOND GAMBIT,\n\n" + PHILIDOR_SECOND
    games = games_of(text)
    assert len(games) == 2
    assert all([m.normalized for m in g.moves] == ["d4", "d5", "Nf3", "Nf6", "e3", "e6"] for g in games)
    assert all(m.status == "ok" for g in games for m in g.moves)


def test_a_first_move_pair_split_by_its_notes_begins_a_game():
    # Each move with its note run on after it, Black's move 1 below White's note (Young and Howell's
    # Minor Tactics of Chess): the second game's move 1 begins a record of its own (the remark above it,
    # no heading, ends the first).
    first = ("1. KP-K4. The King's Pawn is advanced two steps. This is the usual\n"
             "and best first move for White.\n"
             "1. KP -K4. The King's Pawn is advanced two steps. By this move Black\n"
             "gains the same advantages.\n"
             "2. KKt-KB3. The King's Knight attacks the adverse pawn.\n"
             "2. QKt-QB3. Defending it.\n")
    second = ("The next illustrative game is of quite a different kind.\n\n"
              "1. QP-Q4. The Queen's Pawn is advanced two steps.\n"
              "1. QP-Q4. The same for Black.\n"
              "2. QBP-QB4. Offering a pawn.\n"
              "2. KP-K3. Declining it.\n")
    records = split_source(SourceText("book.txt", first + "\n" + second))
    assert [r.body.strip().split("\n")[0] for r in records] == [
        "1. KP-K4. The King's Pawn is advanced two steps. This is the usual",
        "1. QP-Q4. The Queen's Pawn is advanced two steps."]


@pytest.mark.parametrize("under", [
    # Hoyle's Games Modernized indents a one-line note under a score ("If 15. ... Kt to R 3, White would win
    # with 16. P to K B 4."): its move number with the dots for White's move says it is a note, not the heading
    # of what follows (it titled every record of the section below it).
    "    If 3. ... Kt to B 3, White would win with 4. Kt to Kt 5.\n",
    # It centres a diagram's caption under it, after the move it shows ("FIG. 9." over "[POSITION AFTER
    # WHITE'S 19TH MOVE.]"): it says what the diagram shows and heads nothing below it (it titled the eight
    # records of the openings that follow).
    "                  FIG. 9.\n     [POSITION AFTER WHITE'S 3RD MOVE.]\n",
])
def test_a_note_or_a_figures_caption_under_a_score_is_no_title_of_the_lines_below(under):
    text = ("THE GIUOCO PIANO.\n\n"
            "   1. P to K 4                    1. P to K 4\n   2. Kt to K B 3                 2. Kt to Q B 3\n"
            "   3. B to B 4                    3. B to B 4\n\n" + under + "\n"
            "   4. P to Q 3                    4. P to Q 3\n\nA line of the Ruy Lopez follows.\n\n"
            "   1. P to K 4                    1. P to K 4\n   2. Kt to K B 3                 2. Kt to Q B 3\n"
            "   3. B to Kt 5                   3. P to Q R 3\n")
    titles = [r.tags.get("Title") for r in split_source(SourceText("openings.txt", text))]
    assert titles == ["THE GIUOCO PIANO.", "THE GIUOCO PIANO."]


@pytest.mark.parametrize("heading, title", [
    ("Game 290.\nRUY LOPEZ.\nWhite. Black.", "Game 290. RUY LOPEZ."),  # the heads under the heading, in its paragraph
    ("GAME I. | WHITE. | BLACK. |", "GAME I."),  # a table's, its bars between
    ("Game VIII.—  Evans's Gambit.  WHITE. (Mr. B.)  BLACK. (Mr. M.)", "Game VIII.— Evans's Gambit."),  # run on by the OCR
    ("BLACK.", None),  # the heads alone
    ("On the Eighth Move of the Black.", "On the Eighth Move of the Black."),  # a side's word in the title's words
])
def test_the_columns_heads_are_no_part_of_a_title(heading, title):
    text = heading + "\n\n" + score(*OPENING, indent="") + "\n"
    (record,) = split_source(SourceText("book.txt", text))
    assert record.tags.get("Title") == title


@pytest.mark.parametrize("heading, title", [
    ("ates the radii of defence from KKt 2 to KB 3.", None),  # the rest of a word broken over a page
    ("notes on Black's 6th and 7th moves in Game 3).", None),  # the end of a sentence begun on the page before
    ("ez ;snSny ]", None),  # the OCR's noise
    ("\"^ cp^^iy^'% ^''^^ri^'V ^^^^^^l'^%", None),  # a picture read as text
    ("<|o|<^|ci>", None),
    ("^\n\nTable 93.^THE MUZIO GAMBIT.", "Table 93.^THE MUZIO GAMBIT."),  # the noise above a heading: no prose
    ("d Table 17.— STAUNTON'S OPENING.", "Table 17.— STAUNTON'S OPENING."),  # a stray letter from the margin
    ("von der Lasa's Defence.", "von der Lasa's Defence."),  # a name's particle begins a heading
    # after running prose, a heading set apart in capitals, not the prose's next short paragraph
    ("ates the radii of defence.\n\nThe Pawn commands the point KKt 3.\n\nILLUSTRATIVE GAMES.", "ILLUSTRATIVE GAMES."),
    ("ates the radii of defence.\n\nThe Pawn commands the point KKt 3.", None),
])
def test_a_title_begins_a_sentence(heading, title):
    text = heading + "\n\n" + score(*OPENING, indent="") + "\n"
    (record,) = split_source(SourceText("book.txt", text))
    assert record.tags.get("Title") == title


def test_a_games_heading_after_running_prose_is_its_title():
    # (Above a score the reader cut elsewhere: the prose of the page before, then the game's own heading.)
    from notation.parse.chess_book import _title

    above = ["he", "Game 63, played on the 26th of April. FRENCH GAME."]
    assert _title(above, lambda text: 0) == "Game 63, played on the 26th of April. FRENCH GAME."
    assert _title(["he", "The Pawn commands the point KKt 3."], lambda text: 0) is None


@pytest.mark.parametrize("heading", [
    "Handbook  —  Staunton's Chess Player's Handbook.",  # a list of references: a possessive is a book's name
    "PxP  —         BxKtch I",  # a table's moves read as "X — Y": a move is no name
    "Morphy v. Morphy.",  # the same name twice
])
def test_a_heading_names_players_only_where_its_names_are_names(heading):
    text = heading + "\n\n" + score(*OPENING, indent="") + "\n"
    (record,) = split_source(SourceText("book.txt", text))
    assert "White" not in record.tags and "Black" not in record.tags and "Players" not in record.tags


def test_a_line_in_capitals_after_a_score_titles_the_lines_below():
    # Hoyle's Games Modernized prints its sections' titles in capitals at the margin, a paragraph of text
    # between the title and the score ("THE EVANS GAMBIT." / "The Evans Gambit is ..." / the score); a page's
    # running head in capitals beside its page's number (an OCR'd book's "MORPHY'S GAMES." over "178") is none.
    first = ("THE GIUOCO PIANO.\n\n"
             "   1. P to K 4                    1. P to K 4\n   2. Kt to K B 3                 2. Kt to Q B 3\n"
             "   3. B to B 4                    3. B to B 4\n\n")
    second = ("The Evans Gambit is in reality only a sub-variation of the Giuoco Piano.\n\n"
              "      WHITE.                         BLACK.\n"
              "   1. P to K 4                    1. P to K 4\n   2. Kt to K B 3                 2. Kt to Q B 3\n"
              "   3. B to B 4                    3. B to B 4\n   4. P to Q Kt 4                 4. B takes P\n")
    titles = [r.tags.get("Title") for r in split_source(SourceText("openings.txt", first + "THE EVANS GAMBIT.\n\n" + second))]
    assert titles == ["THE GIUOCO PIANO.", "THE EVANS GAMBIT."]
    running = first + "178\n\nMORPHY'S GAMES.\n\n" + second
    assert [r.tags.get("Title") for r in split_source(SourceText("openings.txt", running))] == ["THE GIUOCO PIANO."] * 2
    # ... nor one over the middle of a score run on from the page before.
    middle = first + "MORPHY'S GAMES.\n\n   4. P to Q 3                    4. P to Q 3\n\n" + second
    assert [r.tags.get("Title") for r in split_source(SourceText("openings.txt", middle))] == ["THE GIUOCO PIANO."] * 2


def sections_book(*games):
    """A tournament book that prints each player's games in a section of his own, his name in the running
    heads of its pages ("ZUKERTORT’S GAMES, 17"): a page each game, its heads and names as given."""
    pages = ["CONTENTS.\n\n" + ROSTER + "\n\nJ. H. ZUKERTORT’S GAMES.\nW. STEINITZ’S GAMES.\n"]
    for k, (player, heads) in enumerate(games):
        pages.append(f"{player}’S GAMES, {2 * k + 11}\n\nGame {k + 1}, played on the 26th of April.\n\nRUY LOPEZ.\n"
                     + heads + "\n" + "\n".join(f"{n} {w} {b}" for n, (w, b) in enumerate(HASTINGS_2, 1)) + "\n")
    return "\n\n".join(pages) + "\n\nLONDON CHESS TOURNAMENT.\n\nSTEINITZ’S GAMES, 99\n"


@pytest.mark.parametrize("heads, white, black", [
    # The OCR kept one column's head and name: the section's player had the other colour.
    ("Black.\nM. Tchigorin.", "Zukertort", "Tchigorin, M."),
    ("White.\nM. Tchigorin.", "Tchigorin, M.", "Zukertort"),
    # A row of heads that opens with Black's (White's head of the first column lost, the heads of the
    # second column over its moves): the name under it is Black's.
    ("Black. White. Black.\nM. Tcuiconix. 21 Q to Q sq K R to Q sq", "Zukertort", "Tchigorin, M."),
    ("Black. (A) The best reply: he dare not\nM. Tchigorin. capture the Bishop on account of", "Zukertort",
     "Tchigorin, M."),
    # Each head over its name, one after the other, in either order.
    ("White.\nW. Steinitz,\n\nBlack.\nJ. H. Zoxertorr.", "Steinitz, W.", "Zukertort, J. H."),
    ("Black.\nW. Steinitz,\n\nWhite.\nJ. H. Zoxertorr.", "Zukertort, J. H.", "Steinitz, W."),
    # Both names, one past reading: the section's player where its initial and first letter may be his.
    ("White. Black.\nM. Tchigorin. J... Zxqq.", "Tchigorin, M.", "Zukertort"),
])
def test_the_running_heads_name_the_player_of_each_game_of_his_section(heads, white, black):
    *_, game, _ = games_of(sections_book(("ZUKERTORT", "White. Black.\nJ. H. Zukertort. W. Steinitz."),
                                         ("ZUKERTORT", heads), ("ZUKERTORT", "White. Black.\nW. Steinitz. J. H. Zukertort.")))
    assert (game.tags.get("White"), game.tags.get("Black")) == (white, black)


@pytest.mark.parametrize("first, heads", [
    ("ZUKERTORT", "Black.\nJ. H. Zukertort."),  # the section's player: the other is not known
    ("ZUKERTORT", "White. Black.\nM. Tchigorin."),  # two heads over one name: whose it is is not known
    ("ZUKERTORT", "White. Black.\nM. Tchigorin. W. Xqvpqa."),  # past reading, and no letter of Zukertort's
    ("STEINITZ", "Black.\nM. Tchigorin."),  # a section's last page before the next section's: whose is not known
    ("MORTIMER’S, NOA’S, AND SKIPWORTH", "Black.\nM. Tchigorin."),  # a head over several players' games
])
def test_a_running_head_names_no_player_where_it_cannot_say_who(first, heads):
    *_, game, _, _ = games_of(sections_book((first, "White. Black.\nJ. H. Zukertort. W. Steinitz."), (first, heads),
                                            ("ZUKERTORT", "White. Black.\nW. Steinitz. J. H. Zukertort."),
                                            ("ZUKERTORT", "White. Black.\nW. Steinitz. J. H. Zukertort.")))
    assert "White" not in game.tags or "Black" not in game.tags


def test_whites_column_printed_above_its_games_heading_and_blacks_below_it_are_one_game():
    # Hastings 1895's pages: White's column (its numbers, a move the OCR damaged past reading), then the
    # game's heading, then Black's column under its head. The record begins at White's column, the game's
    # before it ends there, and the heading between the columns names the players.
    before = "C. Brown v. D. Green.\n\n" + score(*OPENING) + "\n\nResigns.\n\n"
    white = ["P to K 4", "Kt to K B 3", "B to B 4", "PtoQ3", "Castles", "K toRsq^"]
    black = ["P to K 4", "Kt to Q B 3", "B to B 4", "Kt to B 3", "P to Q 3", "Castles"]
    text = (before + "WHITE\n\n" + "".join(f"{n}\n\n{w}\n\n" for n, w in enumerate(white, 1))
            + "A. Smith v. B. Jones.\n\nBLACK\n\n" + "".join(f"{b}\n\n" for b in black))
    games = games_of(text)
    assert [(g.tags.get("White"), g.tags.get("Black")) for g in games] == [("Brown, C.", "Green, D."),
                                                                             ("Smith, A.", "Jones, B.")]
    assert len(games[0].moves) == 4
    assert games[1].moves[0].printed == "P to K 4" and games[1].moves[0].line < text.count("\n", 0, text.index("A. Smith"))


# -- the players' names over the columns' heads (Bird's *Chess Openings*) ------------------------------------


#: A book's text that names its players with an honorific, as a book's prose does ("Mr. Boden played ...").
PROSE = ("Mr. Boden and Mr. Bird, Mr. Boden and Mr. Anderssen; Mr. Blackburne and Mr. Lowenthal, Mr. Morphy, "
         "Mr. Harrwitz.\n\nMr. Anderssen and Mr. Blackburne; Mr. Morphy and Mr. Harrwitz.\n\n")
BIRD_SCORE = "1 P. to K. 4. 1 P. to K. 4.\n\n2 K. Kt. to B. 3. 2 Q. Kt. to B. 3.\n\n3 B. to Kt. 5. 3 Kt. to Q. 5.\n\n"


@pytest.mark.parametrize("heading, tags", [
    ("Boden. Bird,\nWHITE. BLACK,", {"White": "Boden", "Black": "Bird"}),  # the OCR's comma for a stop
    ("ANDERSSEN. BLACKBURNE. WHITE. BLACK.", {"White": "ANDERSSEN", "Black": "BLACKBURNE"}),  # (as printed: the
])                                                                     # book's names are read over the book)
def test_a_name_over_each_columns_head_names_white_and_black(heading, tags):
    h = read_heading(heading)
    assert h.tags == tags and h.over_heads


@pytest.mark.parametrize("text", ["FIRST FORM.\nWHITE. BLACK.", "Game. Gambit.\nWHITE. BLACK.",
                                  "Castles. Resigns.\nWHITE. BLACK."])
def test_a_headings_words_over_the_columns_heads_are_no_names(text):
    h = read_heading(text)
    assert h is None or "White" not in h.tags


@pytest.mark.parametrize("names, white, black", [
    ("BoDEX. Bird,\n\nWHITE. BLACK,", "Boden", "Bird"),  # each a paragraph of the OCR's; its letters read through
    ("Anderssex.\n\nBlackbcrne.\n\nWHITE.\n\nBLACK.", "Anderssen", "Blackburne"),  # one over the other
    ("LOWENTHAL. Hakrwitz.\n\nWHITE. BLACK.", "Lowenthal", "Harrwitz"),  # printed elsewhere: as it stands
    ("HORWITZ. MourHY.\n\nWHITE. BLACK.", "Horwitz", "Morphy"),  # clean, two letters off Harrwitz: his own
])
def test_the_names_over_the_heads_are_the_books_names_they_are_like(names, white, black):
    text = PROSE + "No. 40 CHESS MASTERPIECES.\n\n" + names + "\n\n" + BIRD_SCORE
    *_, g = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == (white, black)


def test_the_players_under_the_heads_of_a_tournament_books_game():
    text = ("GAME 148.\n\nPlayed April 25th, 1889.\n\nRUY LOPEZ.\n\n  WHITE.          BLACK.\n"
            "  Gossip.         Lipschütz.\n\n  1 P-K4          P-K4\n  2 Kt-KB3        Kt-QB3\n  3 B-Kt5         Kt-B3\n")
    g, = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black"), g.tags.get("Date")) == ("Gossip", "Lipschütz", "1889.04.25")
    assert g.status == "ok" and [m.normalized for m in g.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6"]


def test_a_move_that_ends_a_column_over_the_next_columns_head_is_no_name():
    # "Castles." ends a game's column, "WHITE." heads the next game's: no name over a head.
    text = (PROSE + "GAME 2.\n\nWHITE.\n\n1 P. to K. 4.\n\n2 Castles.\n\nCastles.\n\nWHITE.\n\n" + BIRD_SCORE)
    *_, g = games_of(text)
    assert "White" not in g.tags and "Castles" not in g.record.text.split("WHITE.")[0]


def test_a_name_over_a_head_like_none_of_the_books_names_no_one():
    text = PROSE + "No. 40 CHESS MASTERPIECES.\n\nBoDEX. XqzvTK.\n\nWHITE. BLACK.\n\n" + BIRD_SCORE
    *_, g = games_of(text)
    assert "White" not in g.tags and "Black" not in g.tags


def test_a_name_over_each_column_printed_one_after_the_other():
    # White's column under "LOWENTHAL," / "WHITE.", then Black's under the other name and its head.
    text = (PROSE + "No. 93 CHESS MASTERPIECES.\n\nLOWENTHAL,\n\nWHITE.\n\n1 P. to K. 4.\n2 Kt. to K. B. 3.\n"
            "3 B. to Q. Kt. 5.\n\nMOHPHY.\n\nBLACK.\n\n1 P. to K. 4.\n2 Q. Kt. to B. 3.\n3 P. to Q. R. 3.\n")
    *_, g = games_of(text)
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Lowenthal", "Morphy")
    # A title before a name over a column's head is no part of it ("Herr Löwenthal,", "Mr. Morphy.").
    *_, g = games_of(text.replace("LOWENTHAL,", "Herr LOWENTHAL,").replace("MOHPHY.", "Mr. MOHPHY."))
    assert (g.tags.get("White"), g.tags.get("Black")) == ("Lowenthal", "Morphy")
    # Two heads of one colour (two games' columns in one record) do not say whose the other is.
    *_, g = games_of(text.replace("MOHPHY.\n\nBLACK.", "MOHPHY.\n\nWHITE."))
    assert "White" not in g.tags and "Black" not in g.tags


# -- a book's "games" numbered afresh in each chapter, no one named: its lines of play -----------------------


def _chapter(title, game_two="GAME 2."):
    return (f"{title}\n\nThe first form of this defence is as follows.\n\nGAME 1.\n\n" + score(*OPENING)
            + "\n\nAnd the game is even.\n\n" + game_two + "\n\n" + score(*SCHOLAR) + "\n\nAnd wins.\n\n")


def test_games_numbered_afresh_in_each_chapter_naming_no_one_are_lines_of_analysis():
    # (The match's games after the chapters begin a numbering of their own, their players named.)
    text = _chapter("THE GIUOCO PIANO.") + _chapter("THE EVANS GAMBIT.") + GAME_AFTER.replace("GAME II.", "GAME I.")
    games = games_of(text)
    # (The chapter's title and its first sentence, no move in them, are stored with its GAME 1.)
    assert [g.tags.get("Kind") for g in games] == ["analysis"] * 4 + [None]
    assert [g.title for g in games[0:2]] == ["GAME 1.", "GAME 2."]
    # Without the rule each "GAME 1." would be a game: a label numbers a game wherever it stands alone.
    (one,) = games_of("GAME 1.\n\n" + score(*OPENING) + "\n")
    assert "Kind" not in one.tags


def test_a_numbering_begun_afresh_one_of_whose_games_names_its_players_numbers_games():
    named = "GAME 2.--Between Mr. Morphy and Mr. Harrwitz.\n\n     WHITE. (Mr. M.)  BLACK. (Mr. H.)"
    games = games_of(_chapter("THE GIUOCO PIANO.") + _chapter("THE EVANS GAMBIT.", named) + GAME_AFTER)
    assert [g.tags.get("Kind") for g in games[-3:]] == [None, None, None]  # GAME 1. of the named run too
    assert [g.tags.get("Kind") for g in games[0:2]] == ["analysis", "analysis"]


def test_games_numbered_once_through_the_book_are_games():
    games = games_of(_chapter("THE GIUOCO PIANO.") + GAME_AFTER)
    assert [g.tags.get("Kind") for g in games] == [None, None, None]


def test_a_numbering_begun_afresh_whose_columns_heads_name_players_by_initials_numbers_games():
    # Löwenthal's match with "Alter": "Game I." over the columns' heads with the players' initials, the
    # players named only by the chapter's title, which no record's heading holds.
    for heads in ("GAME 2.\n\n     WHITE. (Mr. A.)  BLACK. (Mr. M.)",
                  'GAME 2.\n\n     WHITE,    ("  Alter.")  BLACK.    (Mr.  M.)'):  # (read as initials, or not)
        after = GAME_AFTER.replace("GAME II.", "GAME I.")  # (a numbering of its own)
        games = games_of(_chapter("THE GIUOCO PIANO.") + _chapter("THE EVANS GAMBIT.", heads) + after)
        assert [g.tags.get("Kind") for g in games] == ["analysis"] * 2 + [None] * 3


def test_two_players_in_brackets_cite_a_notes_game_and_begin_none():
    """"(Schottlander v. Schallopp)." under a note's line (Freeborough's *Chess Openings*): the game the line was
    played in, cited; the notes below it are the table's still, not a game of those players."""
    text = ("Table 13. THE THREE KNIGHTS GAME.\n\n1  P-K4,  P-K4;  2  Kt-KB3,  Kt-QB3;  3  Kt-B3,  B-B4;  4  Kt x  P,  "
            "Kt x  Kt;  5  P-Q4,  B-Q3.\n\n(5)  8..,P-Q4;   9  P-K5,  Q-R3;   10  B-Q3,  B x Kt\n"
            "(Schottlander v.  Schallopp).\n\n(6)  He may also play,  as suggested by Mr.  Blake,  9  Q-KB2,  followed by  "
            "10  Kt-B2.  Or  6  P x P,  P x P;  7  B-Q3,  Kt-B3;  8  0-0,  0-0.\n")
    (g,) = games_of(text)
    assert g.title.startswith("Table 13") and "White" not in g.tags
    # Not brackets' own: the same players as a line's only words head their game.
    assert [h.title for h in games_of("Schottlander v. Schallopp.\n\n" + score(*SCHOLAR))] == ["Schottlander – Schallopp"]


def test_an_opening_manuals_table_begins_a_record_of_analysis():
    """"Table 13.— THE THREE KNIGHTS' GAME." (Freeborough's *Chess Openings*, as Cook's *Synopsis* numbers its
    tables): each table, its columns and notes, is a record of its own, a line of analysis (no game); "Table No. 3."
    stays a simultaneous display's board, and a note's "See also Table 4." heads nothing."""
    heading = read_heading("Table  13.— THE THREE KNIGHTS'    GAME.")
    assert heading is not None and heading.begins_a_game() and heading.number_alone and not heading.board
    board = read_heading("Table No. 1. — Philidor's Defence.")
    assert board is not None and board.board and not board.number_alone
    assert read_heading("See also Table  4.  If  3  ..,  P-QB3;  4  P-Q4.  P-Q4 ;") is None
    text = ("Table  12.— THE THREE KNIGHTS' GAME.\n\n1  P-K4,  P-K4;  2  Kt-KB3,  Kt-QB3;  3  Kt-B3,  B-B4;  4  Kt x  P,  "
            "Kt x  Kt;  5  P-Q4,  B-Q3.\n\n(1)  See also Table  4.  If  4  B-B4,  P-Q3 ;  5  P-Q3,  Kt-B3.\n\n"
            "Table  13.— THE THREE KNIGHTS' GAME.\n\n1  P-K4,  P-K4;  2  Kt-KB3,  Kt-QB3;  3  Kt-B3,  Kt-B3;  4  B-Kt5,  "
            "B-Kt5;  5  0-0,  0-0.\n\nSchottlander v. Schallopp.\n\n" + score(*SCHOLAR) + "\n")
    games = games_of(text)
    assert [g.title for g in games] == ["Table 12.— THE THREE KNIGHTS' GAME.", "Table 13.— THE THREE KNIGHTS' GAME.",
                                        "Schottlander – Schallopp"]
    assert [g.tags.get("Kind") for g in games] == ["analysis", "analysis", None]


def test_an_opening_manuals_table_whose_first_number_the_ocr_lost_is_analysis_still():
    """"Table 8.— PETROFF'S COUNTER ATTACK." over "P.K4,  P-K4;  2  Kt.KB3, ..." (Freeborough's *Chess Openings*, the
    OCR's lost "1"): a score with no move 1 continues a game from a page before, but not under a table's heading."""
    text = ("Table  8.— PETROFF'S COUNTER ATTACK.\n\nP-K4,  P-K4;\n2.  Kt-KB3,  Kt-KB3;  3  Kt x P,  P-Q3;  4  Kt-KB3,  "
            "Kt x P;  5  P-Q4,  P-Q4.\n\nTable  9.— PETROFF'S COUNTER ATTACK.\n\n1  P-K4,  P-K4;  2  Kt-KB3,  Kt-KB3;  "
            "3  P-Q4,  P x P.\n\nSchottlander v. Schallopp.\n\n" + score(*SCHOLAR) + "\n")
    games = games_of(text)
    assert [g.title[:8] for g in games][:2] == ["Table 8.", "Table 9."]
    assert [g.tags.get("Kind") for g in games] == ["analysis", "analysis", None]


# -- a hand-set text's names under the columns' heads -------------------------------


@pytest.mark.parametrize("names, players", [
    ("(Mr. Anderssen.)        (Mr. Morphy.)", ("Anderssen", "Morphy")),
    ("Mr. Anderssen.          Mr. Morphy.", ("Anderssen", "Morphy")),
    # (The initials kept, as a heading's "White: A. Anderssen." keeps them: heads61, the same names whichever form.)
    ("A. Anderssen.           P. Morphy.", ("Anderssen, A.", "Morphy, P.")),
    ("ANDERSSEN.              MORPHY.", ("Anderssen", "Morphy")),
    ("Anderssen.              Morphy.", ("Anderssen", "Morphy")),
    # (A German's name, a Scot's: "Lipschütz" was no name under a head, its "ü" no letter of a name's.)
    ("Mr. Gossip.             Mr. Lipschütz.", ("Gossip", "Lipschütz")),
    ("G. A. MacDonnell.       J. Löwenthal.", ("MacDonnell, G. A.", "Löwenthal, J.")),
    ("LÖWENTHAL.              MORPHY.", ("Löwenthal", "Morphy")),
    # (Given names printed whole, one side's or both: the surname stands, as with a name the book prints once.)
    ("J. W. Showalter.        Max Weiss.", ("Showalter, J. W.", "Weiss")),
    ("Frank J. Marshall.      Emanuel Lasker.", ("Marshall", "Lasker"))])
@pytest.mark.parametrize("heads", ["WHITE.                  BLACK.", "White.                  Black."])
def test_names_printed_clean_under_the_columns_heads_name_the_players(heads, names, players):
    # A hand-set text names each player once, on the line under his column's head: the names were read only
    # where the book printed them often (the roster that tells an OCR'd name from its damage), so never here.
    (game,) = games_of(f"GAME 7.\n\n     {heads}\n   {names}\n\n" + score(*OPENING))
    assert (game.tags.get("White"), game.tags.get("Black")) == players


def test_a_name_the_ocr_damaged_under_the_heads_names_no_one():
    # (A surname with no vowel, or a mark in it, is no clean printing: the roster alone reads such a name.)
    (game,) = games_of("GAME 7.\n\n     White.                  Black.\n   W. Vvsz.          J. Mas@n.\n\n"
                       + score(*OPENING))
    assert "White" not in game.tags and "Black" not in game.tags


@pytest.mark.parametrize("heading", ["GAME 7.—Between Mr. Anderssen and Mr. Morphy.",
                                     "GAME 7.--Between Mr. Anderssen and Mr. Morphy.",
                                     "Game VII. – Between Mr. Anderssen and Mr. Morphy."])
def test_a_label_and_between_joined_by_a_dash_name_the_players(heading):
    # "GAME 7.—Between": one dash after the label's stop separates as two do; and where the heading does not
    # say who had White, the players it names ("Anderssen and Morphy") title the game where nothing else does.
    (game,) = games_of(f"{heading}\n\n" + score(*OPENING))
    assert game.tags.get("Players") == "Anderssen and Morphy"
    assert game.title in (heading, "Anderssen and Morphy")


# -- heads19b: forms of issue 29 the reader did not read ---------------------------------------------------------

#: A Giuoco Piano of eleven moves, as the period's short descriptive prints it.
GIUOCO = [("P-K4", "P-K4"), ("Kt-KB3", "Kt-QB3"), ("B-B4", "B-B4"), ("P-B3", "Kt-B3"), ("P-Q4", "PxP"),
          ("PxP", "B-Kt5 ch"), ("B-Q2", "BxB ch"), ("QKtxB", "P-Q4"), ("PxP", "KKtxP"), ("Q-Kt3", "QKt-K2"),
          ("Castles", "Castles")]
#: The same game at the odds of White's Queen's Knight (the Queen retakes on Q2).
AT_ODDS = GIUOCO[:7] + [("QxB", "P-Q4"), ("PxP", "KKtxP"), ("Castles", "Castles")]


@pytest.mark.parametrize("heading", ["Mr. Anderssen, White.\nMr. Morphy, Black.",
                                     "Mr. Anderssen, White. Mr. Morphy, Black.",
                                     "Mr. Morphy, Black.\nMr. Anderssen, White."])
def test_a_name_then_its_colour_names_white_and_black(heading):
    (game,) = games_of(f"{heading}\n\n" + score(*GIUOCO))
    assert (game.tags.get("White"), game.tags.get("Black")) == ("Anderssen", "Morphy")
    assert game.status == "ok" and len(game.moves) == 22


@pytest.mark.parametrize("heading", ["Partie Nr. 7.", "Board No. 3.", "GAME XII.", "Match Game No. 4."])
def test_a_label_alone_titles_its_game_and_gives_no_event(heading):
    # ("Nr. 7." and "No. 3." end as a note ending in the number of the reply below it does: a label's still.)
    (game,) = games_of(f"{heading}\n\n" + score(*GIUOCO))
    assert game.title == heading and "Event" not in game.tags


@pytest.mark.parametrize("heading, tags", [
    ("Board No. 3.", {"Board": "3"}),
    ("Match Game No. 4.", {"Round": "4"}),
    ("Played blindfold by Mr. Morphy against eight opponents; Board No. 3.", {"Board": "3"}),
    ("Played by Mr. Morphy, blindfold, against eight opponents. Board No. 3.", {"Board": "3"}),
    ("Correspondence game between London and Edinburgh.", {"Players": "London and Edinburgh"}),
    ("Match game between Mr. Morphy and Mr. Harrwitz.", {"Players": "Morphy and Harrwitz"}),
])
def test_a_displays_board_a_matchs_game_and_a_correspondence_game(heading, tags):
    (game,) = games_of(f"{heading}\n\n" + score(*GIUOCO))
    assert tags.items() <= game.tags.items()


def test_a_game_headed_by_its_kind_alone_is_a_game_not_a_line_of_analysis():
    text = "THE EVANS GAMBIT.\n\n" + score(*GIUOCO) + "\n\nBLINDFOLD GAME.\n\n" + score(*GIUOCO) + "\n"
    analysis, blindfold = games_of(text)
    assert analysis.tags.get("Kind") == "analysis"
    assert blindfold.title == "BLINDFOLD GAME." and "Kind" not in blindfold.tags


@pytest.mark.parametrize("odds, heading", [
    ("Remove White's Queen's Knight.", "GAME 3.--Between Mr. Morphy and Mr. Thompson."),
    ("Ohne Damenspringer.", "Partie Nr. 3. Zwischen den Herren Morphy und Thompson."),
])
def test_the_odds_over_a_games_heading_are_its_own_and_title_nothing(odds, heading):
    # The odds above the label: one record (not the odds a record of their own), the label its title, the players
    # read, and the game replayed without White's Queen's Knight.
    (game,) = games_of(f"{odds}\n\n{heading}\n\n" + score(*AT_ODDS))
    assert game.title == heading and game.tags.get("Players") == "Morphy and Thompson"
    assert game.start.split()[0] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR"
    assert game.status == "ok" and len(game.moves) == 20


@pytest.mark.parametrize("heading, tags", [
    ("Anderssen – Dufresne. Wien 1873.", {"White": "Anderssen", "Black": "Dufresne", "Site": "Wien", "Date": "1873.??.??"}),
    ("Anderssen – Dufresne. London, 5. Juni 1851.",
     {"White": "Anderssen", "Black": "Dufresne", "Site": "London", "Date": "1851.06.05"}),
])
def test_the_place_and_year_a_sentence_after_the_players_are_no_part_of_a_name(heading, tags):
    # (Not Black "Wien, Dufresne.": a name's word keeps its stop, save before a place and a year.)
    (game,) = games_of(f"{heading}\n\n" + score(*GIUOCO))
    assert {k: game.tags.get(k) for k in tags} == tags


@pytest.mark.parametrize("heading, tags", [
    ("Game played in the Match between Messrs. Anderssen and Steinitz, London, 1866.",
     {"Players": "Anderssen and Steinitz", "Site": "London", "Date": "1866.??.??"}),
    ("Game between Messrs. Blackburne and Zukertort, played at London, June 1883.",
     {"Players": "Blackburne and Zukertort", "Site": "London", "Date": "1883.06.??"}),
    ("Gespielt am 12. Juni 1873 im Wiener Turnier.", {"Event": "Wiener Turnier", "Date": "1873.06.12"}),
    ("Fifth Game of the Match.", {"Round": "5"}),
])
def test_where_and_when_after_the_players_a_date_before_the_event_a_matchs_ordinal_game(heading, tags):
    (game,) = games_of(f"{heading}\n\n" + score(*GIUOCO))
    assert {k: game.tags.get(k) for k in tags} == tags


@pytest.mark.parametrize("paper, heading", [
    ('(From the "Illustrated London News.")', "GAME 4.--Between Mr. Morphy and Mr. Löwenthal."),
    ("(Aus der „Deutschen Schachzeitung“.)", "Partie Nr. 4. Zwischen den Herren Morphy und Löwenthal."),
])
def test_the_paper_a_game_was_taken_from_goes_with_it_and_titles_nothing(paper, heading):
    (game,) = games_of(f"{paper}\n\n{heading}\n\n" + score(*GIUOCO))
    assert game.title == heading and game.tags.get("Players") == "Morphy and Löwenthal"


def test_a_games_number_in_a_match_is_its_round_and_in_a_collection_is_not():
    # "GAME 5.--Between Mr. Morphy and Mr. Harrwitz.": a game numbered among two players' games is a match's, its
    # number its Round (as "Match Game No. 4." says); a numbering of games between many players (a tournament
    # book's "Game 244."), a board of a display and a chapter's lines of play give none.
    (game,) = games_of("GAME V.--Between Mr. Morphy and Mr. Harrwitz.\n\n" + score(*GIUOCO))
    assert game.tags.get("Round") == "5" and '[Round "5"]' in write_game(game)
    match = "".join(f"GAME {n}.--Between Mr. Morphy and Mr. Harrwitz.\n\n" + score(*GIUOCO) + "\n\n" for n in (1, 2))
    assert [g.tags.get("Round") for g in games_of(match)] == ["1", "2"]
    players = ("Mr. Morphy and Mr. Harrwitz", "Mr. Anderssen and Mr. Kolisch", "Mr. Bird and Mr. Boden")
    many = "".join(f"Game {n}.--Between {p}.\n\n" + score(*GIUOCO) + "\n\n" for n, p in enumerate(players, 1))
    assert [g.tags.get("Round") for g in games_of(many)] == [None, None, None]
    (board,) = games_of("Board No. 3.\n\n" + score(*GIUOCO))
    assert "Round" not in board.tags
    # A periodical's running number, with its thousands' comma or not ("GAME No. 1,234.", over the players' names):
    # one number, no match's round (before: "1,234" was read as 1, Round "1").
    for label in ("1,234", "1234"):
        (column,) = games_of(f"GAME No. {label}.\n\nWhite: Mr. Amos. Black: Mr. Burn.\n\n" + score(*GIUOCO))
        assert "Round" not in column.tags and column.tags.get("White") == "Amos"
        assert read_heading(f"GAME No. {label}.").label == "1234"


MATCH_GAMES = """MATCH STEINITZ-ZUKERTORT, 1886.

GAME 1.

Played at New York, January 11, 1886.

WHITE.          BLACK.
Steinitz.       Zukertort.
1 P-K4          P-K4
2 Kt-QB3        Kt-QB3
3 P-B4          PxP
4 P-Q4          Q-R5ch

And Black won.

GAME 2.

Played at New York, January 13, 1886.

WHITE.          BLACK.
Zukertort.      Steinitz.
1 P-Q4          P-Q4
2 P-QB4         P-K3
3 Kt-QB3        Kt-KB3

Drawn.
"""


@pytest.mark.parametrize("match", ["MATCH STEINITZ-ZUKERTORT, 1886.", "Match between Steinitz and Zukertort, 1886.",
                                   "Match Steinitz – Zukertort, 1886."])
def test_a_match_heading_over_its_games_is_each_games_event_and_their_numbers_its_rounds(match):
    # A heading over a match's games names the match by its players (joined by a hyphen, or "between X and Y"): the
    # event of every game below between the same two, each game's number its round though each says where and when
    # it was played, the game's own day kept under the match's year, the colours each game's columns' own. (Before:
    # "MATCH STEINITZ-ZUKERTORT" was no heading, Event "?", no rounds; "Match between" gave Event "", game 1's day lost;
    # "Match Steinitz – Zukertort", its players read as one game's colours, gave game 2 no Event.)
    games = games_of(MATCH_GAMES.replace("MATCH STEINITZ-ZUKERTORT, 1886.", match))
    assert [(g.tags.get("Event"), g.tags.get("Round"), g.tags.get("Date"), g.tags.get("White"), g.tags.get("Black"))
            for g in games] == [("Match", "1", "1886.01.11", "Steinitz", "Zukertort"),
                                ("Match", "2", "1886.01.13", "Zukertort", "Steinitz")]
    assert all(g.status == "ok" for g in games)
    # A game between others below it is no game of the match.
    other = MATCH_GAMES.replace("Zukertort.      Steinitz.", "Mason.          Bird.")
    assert [g.tags.get("Event") for g in games_of(other.replace("MATCH STEINITZ-ZUKERTORT, 1886.", match))] \
        == ["Match", None]


@pytest.mark.parametrize("heading, composer", [
    ("PROBLEM 21. By J. B. of Bridport.", "J. B."), ("Problem No. 45. By Herr Kling.", "Kling"),
    ("PROBLEM 21.--By J. Wyllie.", "Wyllie, J.")])
def test_a_chess_problems_number_and_composer_are_read_as_a_checker_problems_are(heading, composer):
    # "PROBLEM 21." numbers a problem as "No. 8." does (no game's label: no Round, no game), "By ..." its Composer;
    # a composer's initials alone stay as he signed (no surname to put first). (Legal: Stockfish's mate in two.)
    text = (f"{heading}\n\nWhite: K at K B 6, Q at Q Kt sq. Black: K at K R sq.\n\n"
            "White to play and mate in two moves.\n\n1. Q to Q Kt 7.          1. K to Kt sq.\n2. Q to Kt 7, mate.\n")
    (game,) = games_of(text)
    assert game.status == "ok" and len(game.moves) == 3 and game.title == heading
    assert game.tags.get("Composer") == composer and "Round" not in game.tags
    heading_read = read_heading(heading)
    assert heading_read is not None and heading_read.number_alone


def test_a_problems_number_with_words_the_heading_forms_do_not_read_numbers_no_game():
    # "Problem No. 1, by Wm. Payne." (the Britannica's draughts problem: the forms read no "by" after a comma) is read
    # by its label alone, and a problem's number is still no game's (was: a game numbered 1, which began a second run
    # of games, every game of the book then a line of analysis).
    heading = read_heading("Problem No. 1, by Wm. Payne.")
    assert heading is not None and heading.label == "1" and heading.number_alone


def test_a_displays_player_is_on_each_boards_record_on_the_side_its_heads_give_him():
    # "Played blindfold by Mr. Morphy against eight opponents, at Birmingham." over its boards: each board's record
    # names him on the side whose column's head fits him ("BLACK. (Mr. M.)"), and where the display was; a board
    # with no heads does not say his side. (Before: the display's player and place were in no tag.)
    heads = {1: "WHITE. (Mr. M.)    BLACK. (Mr. K.)\n\n", 2: "WHITE. (Mr. A.)    BLACK. (Mr. M.)\n\n", 3: ""}
    text = "Played blindfold by Mr. Morphy against eight opponents, at Birmingham.\n\n" + "".join(
        f"Board No. {n}.\n\n{heads[n]}" + score(*OPENING, indent="") + "\n\n" for n in heads)
    games = games_of(text)
    assert [(g.tags.get("Board"), g.tags.get("White"), g.tags.get("Black"), g.tags.get("Site")) for g in games] == [
        ("1", "Morphy", None, "Birmingham"), ("2", None, "Morphy", "Birmingham"), ("3", None, None, "Birmingham")]
    assert all(g.status == "ok" and len(g.moves) == 4 for g in games)
    # The board without heads names him still, his side not said (as "Between X and Y" without heads does).
    assert [g.tags.get("Players") for g in games] == [None, None, "Morphy"]


@pytest.mark.parametrize("words, side", [
    (", with the white pieces,", "White"), (" playing Black,", "Black"), (", having the move,", "White")])
def test_a_displays_heading_that_says_its_players_side_names_him_on_each_board_without_heads(words, side):
    # "Played blindfold by Mr. Morphy, with the white pieces, against eight opponents.": the boards print no
    # columns' heads, and the heading's words give his side. (Before: the heading was no display's, and no board
    # named him.)
    text = f"Played blindfold by Mr. Morphy{words} against eight opponents.\n\n" + "".join(
        f"Board No. {n}.\n\n" + score(*OPENING, indent="") + "\n\n" for n in (1, 2))
    games = games_of(text)
    assert [(g.tags.get("Board"), g.tags.get(side), g.tags.get("Players")) for g in games] == [
        ("1", "Morphy", None), ("2", "Morphy", None)]
    assert all(g.status == "ok" and len(g.moves) == 4 for g in games)


@pytest.mark.parametrize("heading", [
    "The following game was played at the Divan between Mr. Bird and Mr. Boden.",
    "The annexed game was lately played at the Divan between Mr. Bird and Mr. Boden."])
def test_a_sentence_saying_where_and_between_whom_the_following_game_was_played_is_its_heading(heading):
    (game,) = games_of(f"{heading}\n\n" + score(*GIUOCO))
    assert game.status == "ok" and len(game.moves) == 22
    assert (game.tags.get("Site"), game.tags.get("Players")) == ("Divan", "Bird and Boden")


@pytest.mark.parametrize("heading, tags", [
    # Who had White said in words after the occasion: the colours, the occasion's event and year.
    ("The following game was played in the Cambridge Springs Tournament, 1904, Mr. Pillsbury having the white "
     "pieces against Dr. Lasker.",
     {"Event": "Cambridge Springs Tournament", "Date": "1904.??.??", "White": "Pillsbury", "Black": "Lasker"}),
    ("Played by Mr. Morphy, with the black pieces, against Mr. Paulsen.", {"White": "Paulsen", "Black": "Morphy"}),
    # A colour after each side's name, after "between" or "by ... against": the colours; a side of several in
    # consultation written as PGN writes it.
    ("Game played at the Café de la Régence, Paris, between Morphy (White) and the Duke of Brunswick and Count "
     "Isouard (Black), in 1858.",
     {"Site": "Café de la Régence, Paris", "Date": "1858.??.??", "White": "Morphy",
      "Black": "Duke of Brunswick:Isouard"}),
    ("Played by Anderssen (Black) against Morphy (White).", {"White": "Morphy", "Black": "Anderssen"}),
    # A colour after the second side only: that side's (was: the first side's, "X v. Y (Black)" read White Y).
    ("Morphy v. Anderssen (Black).", {"White": "Morphy", "Black": "Anderssen"}),
    ("Anderssen v. Morphy (White).", {"White": "Morphy", "Black": "Anderssen"}),
    # "In the following game, played by X against Y ...,": the sentence's clause says where and by whom, its main
    # clause is the author's remark; "by X against Y" says no colours (as "Played by Mr. Morphy ... against M.
    # Preti." does not), so the players are kept in printed order.
    ("In the following game, played by Morphy against Anderssen at Paris in 1858, White gives a fine example of "
     "the attack.", {"Site": "Paris", "Date": "1858.??.??", "Players": "Morphy and Anderssen"}),
])
def test_a_sentence_introducing_the_game_names_its_players(heading, tags):
    (game,) = games_of(f"{heading}\n\n" + score(*MODERN) + "\n")
    assert game.status == "ok" and len(game.moves) == 6
    assert {k: game.tags.get(k) for k in tags} == tags
    # (Every colour the heading says: none besides these.)
    assert {k for k in ("White", "Black", "Players") if k in game.tags} == {"White", "Black", "Players"} & tags.keys()


@pytest.mark.parametrize("note", [
    "Mr. Pillsbury, having the white pieces against Dr. Lasker, soon obtained the better game.",
    "In the following game, as in the last, Morphy played against Anderssen (White) with great skill.",
    "Morphy (White) against Anderssen (Black) was the finest game of the match, as the notes show.",
])
def test_a_note_naming_two_players_above_the_score_is_no_heading(note):
    # A remark naming the players in a sentence of prose, not one that introduces the game: no names read from it.
    (game,) = games_of(f"{note}\n\n" + score(*MODERN) + "\n")
    assert game.status == "ok" and len(game.moves) == 6
    assert not {"White", "Black", "Players"} & game.tags.keys()


@pytest.mark.parametrize("between", ["", "SOLUTION.\n\n"])
@pytest.mark.parametrize("task_on_heading", [False, True])
def test_a_problems_heading_reads_the_same_whatever_its_solutions_length(between, task_on_heading):
    # A mate in one ("1. Q to Q Kt 8, mate.", one move) is no move pair: its heading was read only where the
    # solution had two moves or more. The solution's head ("SOLUTION.") stands between the position and its score,
    # and the task may run on after the composer on the heading's line. (Legal: python-chess.)
    heading = "PROBLEM 12. By J. B. of Bridport."
    task = "White to play and mate in one move."
    top = f"{heading} {task}\n\n" if task_on_heading else f"{heading}\n\n{task}\n\n"
    text = f"{top}White: K at K Kt 6, Q at Q Kt sq. Black: K at K R sq.\n\n{between}1. Q to Q Kt 8, mate.\n"
    (game,) = games_of(text)
    assert game.status == "ok" and [m.normalized for m in game.moves] == ["Qb8#"], \
        [d.message for d in game.diagnostics]
    assert game.tags.get("Composer") == "J. B." and game.title.startswith("PROBLEM 12.")


def test_two_problems_of_one_move_each_are_two_records_each_with_its_heading():
    text = ("PROBLEM 12. By J. B. of Bridport.\n\nWhite to play and mate in one move.\n\n"
            "White: K at K Kt 6, Q at Q Kt sq. Black: K at K R sq.\n\nSOLUTION.\n\n1. Q to Q Kt 8, mate.\n\n\n"
            "PROBLEM 13. By H. E. Kidson.\n\nWhite to play and mate in one move.\n\n"
            "White: K at K Kt 6, Q at Q R 2. Black: K at K R sq.\n\nSOLUTION.\n\n1. Q to Q R 8, mate.\n")
    games = games_of(text)
    assert [(g.status, [m.normalized for m in g.moves], g.tags.get("Composer")) for g in games] == [
        ("ok", ["Qb8#"], "J. B."), ("ok", ["Qa8#"], "Kidson, H. E.")], [d.message for g in games for d in g.diagnostics]


@pytest.mark.parametrize("heading, number, composer", [
    ("Aufgabe Nr. 3. Von J. Kohtz.", "3", "Kohtz, J."),
    ("Aufgabe 17. Von Herrn J. Berger in Graz.", "17", "Berger, J."),
    ("Schachaufgabe Nr. 5.", "5", None),
])
def test_a_german_problems_number_and_composer(heading, number, composer):
    # "Aufgabe" numbers a problem as "PROBLEM" does (a number alone, no game's), "Von" names its composer, and where
    # he lives ("in Graz") is no part of his name. (Legal: python-chess.)
    read = read_heading(heading)
    assert read is not None and read.label == number and read.number_alone and read.tags.get("Composer") == composer
    text = (f"{heading}\n\nWeiß: Kg6, Db1.\nSchwarz: Kh8.\n\nWeiß zieht und setzt in einem Zuge matt.\n\n"
            "Lösung.\n\n1. Db1-b8 matt.\n")
    (game,) = games_of(text)
    assert game.status == "ok" and [m.normalized for m in game.moves] == ["Qb8#"], \
        [d.message for d in game.diagnostics]
    assert game.title == heading and game.tags.get("Composer") == composer and "Round" not in game.tags


@pytest.mark.parametrize("task", [
    "White to play and mate in one move.", "Black to move and win.", "White mates in three moves.",
    "Weiß zieht und setzt in zwei Zügen matt.", "Schwarz zieht und gewinnt."])
def test_a_problems_task_run_on_after_its_composer_is_part_of_its_heading(task):
    # ("By J. B. of Bridport. White to play": the composer's "of ..." took "White" for a word of his town.)
    for heading, composer in (("PROBLEM 4. By J. Wyllie.", "Wyllie, J."), ("PROBLEM 4. By J. B. of Bridport.", "J. B.")):
        read = read_heading(f"{heading} {task}")
        assert read is not None and read.number_alone and read.tags == {"Composer": composer}


# -- heads61: players' headings in forms books we have never seen print them ------------------------------------

#: The Ruy Lopez's first moves as a German book prints them, long algebraic with its dash.
SPANISH = [("e2—e4", "e7—e5"), ("Sg1—f3", "Sb8—c6"), ("Lf1—b5", "a7—a6")]
#: The same moves in the short descriptive of English books of 1900-1925.
LOPEZ = [("P—K4", "P—K4"), ("Kt—KB3", "Kt—QB3"), ("B—Kt5", "P—QR3")]


@pytest.mark.parametrize("heads, names, players", [
    ("White:                        Black:", "J. R. CAPABLANCA.             F. J. MARSHALL.",
     ("Capablanca, J. R.", "Marshall, F. J.")),
    ("White:                        Black:", "Capablanca.                   Marshall.", ("Capablanca", "Marshall")),
    ("WHITE:                        BLACK:", "CAPABLANCA                    MARSHALL", ("Capablanca", "Marshall")),
    ("WHITE:                        BLACK:", "MR. CAPABLANCA.               MR. MARSHALL.", ("Capablanca", "Marshall")),
    # (The initials kept as "White: J. R. Capablanca." keeps them: the same names whichever form prints them.)
    ("WHITE.                        BLACK.", "J. R. Capablanca.             F. J. Marshall.",
     ("Capablanca, J. R.", "Marshall, F. J.")),
])
def test_the_columns_heads_with_or_without_colons_over_the_players_names(heads, names, players):
    # "White:  Black:" over the names is the columns' heads as "WHITE.  BLACK." is: one rule reads both.
    (game,) = games_of(f"GAME 3\n\n    {heads}\n    {names}\n\n" + score(*LOPEZ))
    assert game.status == "ok" and len(game.moves) == 6
    assert (game.tags.get("White"), game.tags.get("Black")) == players


def test_names_under_the_columns_heads_read_as_the_colours_heading_reads_them():
    (columns,) = games_of("GAME 3\n\n    WHITE.               BLACK.\n    J. R. Capablanca.    F. J. Marshall.\n\n"
                          + score(*LOPEZ))
    (colours,) = games_of("GAME 3\n\n  White: J. R. Capablanca. Black: F. J. Marshall.\n\n" + score(*LOPEZ))
    assert (columns.tags["White"], columns.tags["Black"]) == (colours.tags["White"], colours.tags["Black"])


@pytest.mark.parametrize("heads, names, players", [
    ("Weiß.                 Schwarz.", "Steinitz.             Anderssen.", ("Steinitz", "Anderssen")),
    ("WEISS:                SCHWARZ:", "STEINITZ.             ANDERSSEN.", ("Steinitz", "Anderssen")),
    ("Weiß:                 Schwarz:", "Herr Steinitz.        Herr Anderssen.", ("Steinitz", "Anderssen")),
    ("Weiss.                Schwarz.", "Dr. Tarrasch.         Herr Lasker.", ("Tarrasch", "Lasker")),
])
def test_german_columns_heads_over_the_players_names(heads, names, players):
    # "Weiß. Schwarz." over the names, as "White. Black." over them: "Herr" before a name takes no stop.
    (game,) = games_of(f"{heads}\n{names}\n\n" + score(*SPANISH))
    assert game.status == "ok" and len(game.moves) == 6
    assert (game.tags.get("White"), game.tags.get("Black")) == players


@pytest.mark.parametrize("heading, players", [
    ("White--Capablanca.   Black--Marshall.", ("Capablanca", "Marshall")),
    ("WHITE--CAPABLANCA.   BLACK--MARSHALL.", ("Capablanca", "Marshall")),
    ("White--J. R. Capablanca.   Black--F. J. Marshall.", ("Capablanca, J. R.", "Marshall, F. J.")),
])
def test_a_colour_and_two_hyphens_for_its_dash_name_the_player(heading, players):
    # An e-text types the dash of "White—Capablanca." as two hyphens.
    read = read_heading(heading)
    assert read is not None and (read.tags.get("White"), read.tags.get("Black")) == players


@pytest.mark.parametrize("heading, white, black, site, date", [
    ("Anderssen—Kieseritzky, London 1851.", "Anderssen", "Kieseritzky", "London", "1851.??.??"),
    ("Capablanca–Marshall, New York 1918", "Capablanca", "Marshall", "New York", "1918.??.??"),
    ("ANDERSSEN—KIESERITZKY, LONDON, 1851.", "Anderssen", "Kieseritzky", "LONDON", "1851.??.??"),
    ("Von der Lasa—Anderssen, Berlin 1851.", "Lasa, Von der", "Anderssen", "Berlin", "1851.??.??"),
    ("Herr Anderssen—Herr Kieseritzky, London 1851.", "Anderssen", "Kieseritzky", "London", "1851.??.??"),
    ("Steinitz und Zukertort—Blackburne und Bird, London 1883.", "Steinitz:Zukertort", "Bird:Blackburne", "London",
     "1883.??.??"),
])
def test_two_names_joined_by_a_dash_with_no_spaces(heading, white, black, site, date):
    read = read_heading(heading)
    assert read is not None
    assert [read.tags.get(k) for k in ("White", "Black", "Site", "Date")] == [white, black, site, date]


@pytest.mark.parametrize("line", ["Kt—KB3        Kt—QB3", "B—Kt5         P—QR3", "P—K4", "QKt—Q2",
                                  "OOK—Rsq.", "PXP—Kt3"])
def test_a_moves_dash_is_no_two_names(line):
    # (Each side of a dash with no spaces three letters or more: no piece's letters, no square.)
    read = read_heading(line)
    assert read is None or not (read.tags.get("White") or read.tags.get("Black") or read.players)


@pytest.mark.parametrize("heading, white, black, site, date", [
    ("Anderssen - Kieseritzky\nLondon 1851", "Anderssen", "Kieseritzky", "London", "1851.??.??"),
    ("Anderssen – Kieseritzky\nLondon, 1851.", "Anderssen", "Kieseritzky", "London", "1851.??.??"),
    ("Anderssen - Kieseritzky\nLondon, 21. Juni 1851.", "Anderssen", "Kieseritzky", "London", "1851.06.21"),
    ("Capablanca–Marshall.\nNew York 1918.", "Capablanca", "Marshall", "New York", "1918.??.??"),
    # (A place of two words after the names' stop: was Black "York, Morphy. New".)
    ("Paulsen – Morphy. New York, 1857.", "Paulsen", "Morphy", "New York", "1857.??.??"),
    ("W. Steinitz v. J. H. Zukertort. New Orleans, 1886.", "Steinitz, W.", "Zukertort, J. H.", "New Orleans",
     "1886.??.??"),
])
def test_a_place_and_year_on_a_line_of_their_own_are_the_occasion_not_a_name(heading, white, black, site, date):
    read = read_heading(heading)
    assert read is not None
    assert [read.tags.get(k) for k in ("White", "Black", "Site", "Date")] == [white, black, site, date]
    (game,) = games_of(f"{heading}\n\n" + score(*SPANISH))
    assert [game.tags.get(k) for k in ("White", "Black", "Site", "Date")] == [white, black, site, date]


# A modern article's or a 1910s book's heading: the players named in full, one line; the place and year under them;
# the opening's name under those.
@pytest.mark.parametrize("heading, white, black, site, date", [
    # (Given names, any number of them, before the surname; "N.N." the player the book does not name: was no
    # players and the whole heading the Event.)
    ("Charles Gilbert Marriott Watson – N.N.\nMelbourne, 1916\nDanish Gambit", "Watson, Charles Gilbert Marriott", "NN",
     "Melbourne", "1916.??.??"),
    ("Adolf Anderssen – NN\nWien, 1873\nSicilian Defence", "Anderssen, Adolf", "NN", "Wien", "1873.??.??"),
    ("N. N. – Paul Morphy\nNew Orleans, 1858\nEvans Gambit", "NN", "Morphy, Paul", "New Orleans", "1858.??.??"),
    # (A double surname joined by "und der": one player, not a side of two in consultation.)
    ("Tassilo von Heydebrand und der Lasa – Adolf Anderssen\nBerlin, 1851\nKing's Gambit",
     "von Heydebrand und der Lasa, Tassilo", "Anderssen, Adolf", "Berlin", "1851.??.??"),
    # (A saint's town and a season over the new year: its first year.)
    ("Consultants – Adolf Anderssen\nSt. Petersburg, 1895-96\nRuy Lopez", "Consultants", "Anderssen, Adolf",
     "St. Petersburg", "1895.??.??"),
])
def test_full_names_over_a_place_and_year_and_an_opening_are_the_games_tags(heading, white, black, site, date):
    read = read_heading(heading)
    assert read is not None
    opening = heading.split("\n")[-1]
    assert [read.tags.get(k) for k in ("White", "Black", "Site", "Date", "Opening")] == [white, black, site, date, opening]
    (game,) = games_of(f"{heading}\n\n" + score(*MODERN))
    assert [game.tags.get(k) for k in ("White", "Black", "Site", "Date", "Opening")] == [white, black, site, date, opening]
    assert "Event" not in game.tags and "Title" not in game.tags  # (the heading's lines are no event's name)
    assert game.title == f"{white} – {black}"  # (was the whole heading, its three lines run together)


@pytest.mark.parametrize("heading, white, black, players", [
    ("Mr. Morphy v. Mr. N. N.", "Morphy", "NN", []),  # (was no one: "N. N." no name's word)
    ("Between Mr. Morphy and Mr. N. N.", None, None, ["Morphy", "NN"]),  # (was "N. N.")
])
def test_the_unknown_player_after_a_title_is_nn(heading, white, black, players):
    read = read_heading(heading)
    assert read is not None and (read.tags.get("White"), read.tags.get("Black"), read.players) == (white, black, players)


def test_a_sentence_ending_in_a_colon_above_a_heading_is_the_first_comment_of_the_game_under_it():
    """"A less celebrated example was played at odds in Australia:" over the second game's heading introduces that
    game: its record's, not the last words of the game before's notes."""
    first = "Adolf Anderssen – Jean Dufresne\nBerlin, 1852\nEvans Gambit\n\n1 e4 e5 2 Nf3 Nc6 3 Bc4 Bc5\n\n"
    intro = "A less celebrated example was played at odds in Australia:\n\n"
    second = "Paul Morphy – Adolf Anderssen\nParis, 1858\nDanish Gambit\n\n1 e4 e5 2 d4 exd4 3 c3 dxc3\n"
    one, two = games_of(first + "Anderssen's finest game.\n\n" + intro + second)
    assert "Australia" not in one.record.text and two.record.text.startswith("A less celebrated example")
    assert one.status == two.status == "ok" and (two.tags["White"], two.tags["Black"]) == ("Morphy, Paul", "Anderssen, Adolf")
    # (A sentence of the game before's notes with no colon stays its.)
    assert one.record.text.rstrip().endswith("Anderssen's finest game.")


@pytest.mark.parametrize("note", ["If 3 Bc4 Nf6, White has two lines of play:", "(B) Black has two lines of play:"])
def test_a_note_ending_in_a_colon_above_a_heading_stays_the_game_befores(note):
    """A note on the game before that ends in a colon (a move in it, or its note's mark first) is no sentence
    introducing the game below."""
    first = "Adolf Anderssen – Jean Dufresne\nBerlin, 1852\nEvans Gambit\n\n1 e4 e5 2 Nf3 Nc6 3 Bb5 a6\n\n"
    second = "Paul Morphy – Adolf Anderssen\nParis, 1858\nDanish Gambit\n\n1 e4 e5 2 d4 exd4 3 c3 dxc3\n"
    one, two = games_of(first + note + "\n\n" + second)
    assert one.record.text.rstrip().endswith(note) and two.record.text.startswith("Paul Morphy")


@pytest.mark.parametrize("heading, white, black, site, date", [
    ("Weiß: Anderssen. Schwarz: Dufresne. Berlin 1852.", "Anderssen", "Dufresne", "Berlin", "1852.??.??"),
    ("White: J. R. Capablanca. Black: F. J. Marshall. New York, 1918.", "Capablanca, J. R.", "Marshall, F. J.",
     "New York", "1918.??.??"),
])
def test_the_colours_then_a_place_and_year_as_a_sentence_of_their_own(heading, white, black, site, date):
    read = read_heading(heading)
    assert read is not None
    assert [read.tags.get(k) for k in ("White", "Black", "Site", "Date")] == [white, black, site, date]


# -- where and when, the event and the round, as tournament and match books print them ----------------------------

MODERN = [("P-K4", "P-K4"), ("Kt-KB3", "Kt-QB3"), ("B-Kt5", "P-QR3")]


@pytest.mark.parametrize("heading, tags", [
    # A round, then when it was played with no "on": the round's ordinal, English and German.
    ("Seventh Round, played March 30th, 1889.", {"Round": "7", "Date": "1889.03.30"}),
    ("Siebente Runde, gespielt am 30. März 1889.", {"Round": "7", "Date": "1889.03.30"}),
    # A round past the twelfth, in words or figures, and played "in" it: no place (was Site "Twenty-first Round").
    ("Played in the Twenty-first Round, April 25th, 1889.", {"Round": "21", "Date": "1889.04.25"}),
    ("Played in the 21st Round.", {"Round": "21"}),
    ("Thirteenth Round.", {"Round": "13"}),
    # An event's word names an event, not a place, after "in" as after "at"; its place after a comma is the Site.
    ("(Played in the New York Tournament, 1918)", {"Event": "New York Tournament", "Date": "1918.??.??"}),
    ("(Played in the Masters' Tournament, St. Petersburg, 1914)",
     {"Event": "Masters' Tournament", "Site": "St. Petersburg", "Date": "1914.??.??"}),
    ("Gespielt im Meisterturnier, Breslau 1889.", {"Event": "Meisterturnier", "Site": "Breslau", "Date": "1889.??.??"}),
    # The event's own place after its word ("at", "zu") is where it was played.
    ("Gespielt im Meisterturnier zu Breslau 1889.",
     {"Event": "Meisterturnier zu Breslau", "Site": "Breslau", "Date": "1889.??.??"}),
    ("Played in the Tournament at Hastings, 1895.", {"Event": "Tournament at Hastings", "Site": "Hastings",
                                                     "Date": "1895.??.??"}),
    # An event with its year and a match's game in one pair of brackets: the game's number is the match's round.
    ("(Match, 1894. Game 2.)", {"Event": "Match", "Date": "1894.??.??", "Round": "2"}),
    ("(Wettkampf, 1894. Partie 2.)", {"Event": "Wettkampf", "Date": "1894.??.??", "Round": "2"}),
    ("Hastings Tournament, 1895.", {"Event": "Hastings Tournament", "Date": "1895.??.??"}),
    # A German town with its river, "a. M." (am Main): one place, its stop kept (it was no heading at all).
    ("Gespielt im Hauptturnier zu Frankfurt a. M. am 20. Juli 1887.",
     {"Event": "Hauptturnier zu Frankfurt a. M.", "Site": "Frankfurt a. M.", "Date": "1887.07.20"}),
    ("Gespielt in Frankfurt a. M. am 20. Juli 1887.", {"Site": "Frankfurt a. M.", "Date": "1887.07.20"}),
    # The date first, then the event (its name was the Site) or the place after "in" (no heading).
    ("Gespielt am 20. Juli 1887 im Hauptturnier zu Frankfurt.",
     {"Date": "1887.07.20", "Event": "Hauptturnier zu Frankfurt", "Site": "Frankfurt"}),
    ("Gespielt am 5. Mai 1873 in Wien.", {"Date": "1873.05.05", "Site": "Wien"}),
])
def test_an_events_round_place_and_date_as_tournament_and_match_books_print_them(heading, tags):
    assert read_heading(heading).tags == tags


@pytest.mark.parametrize("heading, tags", [
    # A "Played ..." sentence is its clauses in any order: where, when, the round, the event, who played (each was
    # read alone: "Played at Hastings, August 12th, 1895, in the Fourth Round." was no heading at all).
    ("Played at Hastings, August 12th, 1895, in the Fourth Round.",
     {"Site": "Hastings", "Date": "1895.08.12", "Round": "4"}),
    ("Played in the Fourth Round, at Hastings, August 12th, 1895.",
     {"Site": "Hastings", "Date": "1895.08.12", "Round": "4"}),
    ("Played in Round 4, 12th August, 1895, at the Café de la Régence, Paris.",
     {"Round": "4", "Date": "1895.08.12", "Site": "Café de la Régence, Paris"}),
    ("Played at the Divan, in the fourth round of the tournament, 1858.",
     {"Site": "Divan", "Round": "4", "Event": "Tournament", "Date": "1858.??.??"}),
    ("Played at the Manhattan Chess Club, in the Cambridge Springs Tournament, April, 1914.",
     {"Site": "Manhattan Chess Club", "Event": "Cambridge Springs Tournament", "Date": "1914.04.??"}),
    ("Played in the St. Petersburg Tournament, in the Fourth Round, April, 1914, at St. Petersburg.",
     {"Event": "St. Petersburg Tournament", "Round": "4", "Date": "1914.04.??", "Site": "St. Petersburg"}),
    ("Played in the match, at Hastings, on the 12th of August, 1895.",
     {"Event": "Match", "Site": "Hastings", "Date": "1895.08.12"}),
    ("Played by correspondence, 1858, in the Fourth Round.", {"Date": "1858.??.??", "Round": "4"}),
    ("Played blindfold, at the Divan, 1858.", {"Site": "Divan", "Date": "1858.??.??"}),
    # An event's word is no place's (the Blue Book's "Played by Telegraph, in the Match between ..." was Event "in the
    # Match"; its "at the Manchester Chess Meeting" and London 1883's title were a Site).
    ("Played by Telegraph, in the Match between Philadelphia and New York, in 1858.",
     {"Event": "Match", "Date": "1858.??.??"}),
    ("GAME I.--Between Messrs. Anderssen and Kipping, at the Manchester Chess Meeting, in 1857.",
     {"Event": "Manchester Chess Meeting", "Date": "1857.??.??"}),
    ("LONDON INTERNATIONAL CHESS TOURNAMENT, 1883.", {"Event": "LONDON INTERNATIONAL CHESS TOURNAMENT", "Date": "1883.??.??"}),
])
def test_a_played_sentence_reads_each_of_its_clauses_in_any_order(heading, tags):
    assert read_heading(heading).tags == tags


@pytest.mark.parametrize("heading, players", [
    ("Played at Hastings, in the Fourth Round, between Mr. Pillsbury and Dr. Tarrasch.", ["Pillsbury", "Tarrasch"]),
    ("Played blindfold, 1858, between Mr. Morphy and Mr. Harrwitz, at the Café de la Régence.", ["Morphy", "Harrwitz"]),
])
def test_a_played_sentence_names_its_players_among_its_other_clauses(heading, players):
    read = read_heading(heading)
    assert read.players == players and "Site" in read.tags


def test_a_game_numbered_no_and_a_dash_before_its_opening_is_a_games_label():
    # "No. 23.--QUEEN'S GAMBIT DECLINED." numbers a game as "GAME 23." does (was a number alone, as an ending's "No. 7."
    # is); a problem's and an opening manual's table's numbers with a dash stay what they are.
    read = read_heading("No. 23.--QUEEN'S GAMBIT DECLINED.")
    assert (read.label, read.number_alone, read.tags) == ("23", False, {"Opening": "QUEEN'S GAMBIT DECLINED"})
    assert read_heading("No. 23.—Queen's Gambit Declined.").number_alone is False
    assert read_heading("No. 7.").number_alone and read_heading("No. 8.--By J. Wyllie.").number_alone
    assert read_heading("Problem No. 4.--Ruy Lopez.").number_alone
    assert read_heading("Table 13.— THE THREE KNIGHTS' GAME.").number_alone
    # (Freeborough's "Table 29— THE TWO KNIGHTS' DEFENCE.", no stop before the dash, reads its opening as Table 13's.)
    table = read_heading("Table 29— THE TWO KNIGHTS' DEFENCE.")
    assert (table.label, table.number_alone, table.tags) == ("29", True, {"Opening": "TWO KNIGHTS' DEFENCE"})
    # Over its game, its tags are those of "GAME 23." (its number the Round of a game alone between two players, as
    # GAME 23.'s is), and a round printed beats the number.
    moves = "\n\n1. P-Q4 P-Q4 2. P-QB4 P-K3 3. Kt-QB3 Kt-KB3\n"
    players = "\n\nWhite, Mr. Pillsbury; Black, Dr. Tarrasch."
    (no,) = games_of("No. 23.--QUEEN'S GAMBIT DECLINED." + players + moves)
    (game,) = games_of("GAME 23.--QUEEN'S GAMBIT DECLINED." + players + moves)
    assert no.tags == game.tags and no.tags["Round"] == "23"
    text = ("No. 23.--QUEEN'S GAMBIT DECLINED.\n\nPlayed at Hastings, August 12th, 1895, in the Fourth Round.\n\n"
            "White, Mr. Pillsbury; Black, Dr. Tarrasch.\n\n1. P-Q4 P-Q4 2. P-QB4 P-K3 3. Kt-QB3 Kt-KB3\n")
    (g,) = games_of(text)
    assert {k: g.tags.get(k) for k in ("Site", "Date", "Round", "White", "Black")} == {
        "Site": "Hastings", "Date": "1895.08.12", "Round": "4", "White": "Pillsbury", "Black": "Tarrasch"}


def test_a_tournament_games_number_is_no_round_where_its_heading_names_the_round():
    text = ("GAME 14.--RUY LOPEZ.\nSeventh Round, played March 30th, 1889.\nWhite.  Black.\nM. Weiss.  J. W. Showalter."
            "\n\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3\n")
    (g,) = games_of(text)
    assert {k: g.tags.get(k) for k in ("Round", "Date", "White", "Black", "Opening")} == {
        "Round": "7", "Date": "1889.03.30", "White": "Weiss, M.", "Black": "Showalter, J. W.", "Opening": "RUY LOPEZ"}


def test_a_labels_lines_in_one_paragraph_each_say_their_part():
    # Four lines under the label, no blank line between: the event, not a Site "New York Tournament", and the
    # players; a tournament's game number is no round.
    text = ("GAME No. 3\nQUEEN'S GAMBIT DECLINED\n(Played in the New York Tournament, 1918)\n"
            "White: CAPABLANCA  Black: MARSHALL\n\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3\n")
    (g,) = games_of(text)
    assert {k: g.tags.get(k) for k in ("Event", "Site", "Date", "Round", "White", "Black")} == {
        "Event": "New York Tournament", "Site": None, "Date": "1918.??.??", "Round": None, "White": "Capablanca",
        "Black": "Marshall"}


def test_a_sentence_over_the_game_typed_on_one_line_is_its_heading():
    text = ("The following game was played in the Championship Match, 1894, between Lasker and Steinitz.\n\n"
            "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3\n")
    (g,) = games_of(text)
    assert (g.tags.get("Event"), g.tags.get("Date"), g.tags.get("Players")) == (
        "Championship Match", "1894.??.??", "Lasker and Steinitz")


def test_a_match_game_under_its_players():
    (g,) = games_of("LASKER v. STEINITZ.\n(Match, 1894. Game 2.)\n\n" + score(*MODERN, indent="") + "\n")
    assert {k: g.tags.get(k) for k in ("Event", "Date", "Round", "White", "Black")} == {
        "Event": "Match", "Date": "1894.??.??", "Round": "2", "White": "Lasker", "Black": "Steinitz"}


@pytest.mark.parametrize("heading, site", [("Played at Hastings, August 1895.", "Hastings"),
                                           ("The following opening is instructive:", None)])
def test_a_heading_wholly_read_into_tags_or_a_sentence_leading_into_the_score_is_no_title_nor_event(heading, site):
    (g,) = games_of(f"{heading}\n\n" + score(*MODERN, indent="") + "\n")
    pgn = write_game(g)
    assert g.tags.get("Site") == site and "Title" not in g.tags and '[Event "?"]' in pgn and "[Title" not in pgn


def test_a_diagrams_captions_black_above_white_are_no_players_heading():
    # Black named first is a checker book's heading with colons ("Black: J. Wyllie.  White: R. Martins."); a chess
    # diagram's captions print Black's side above the board with a dash, and began a record in Steinitz's book.
    heading = read_heading("BLACK — ZUKERTORT.\nWHITE — ANDERSSEN.")
    assert heading is None or not {"White", "Black"} & heading.tags.keys()
    assert read_heading("Black: J. Wyllie.          White: R. Martins.").tags == {"White": "Martins, R.", "Black": "Wyllie, J."}


# -- a survey of the openings, each opening's name run in before its move 1 (an encyclopaedia's article) ------

SURVEY = ("{a}Giuoco Piano{b}1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; 4. P-B3, Kt-B3; 5. P-Q4, PxP; "
          "6. PxP, B-Kt5ch; 7. B-Q2, BxBch; 8. QKtxB, P-Q4, with an even game.\n\n"
          "{a}Evans Gambit{b}1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; 4. P-QKt4, BxP; 5. P-B3, B-R4. "
          "This is the usual defence.\n")


@pytest.mark.parametrize("a, b", [("_", "._--"), ("", ".--"), ("", ".—"), ("", ": ")])
@pytest.mark.parametrize("stops", [True, False])
def test_each_openings_name_run_in_before_its_move_one_begins_a_record(a, b, stops):
    # The second paragraph was read as the first's moves 9 on ("P-K4" read as h4, one letter off; the rest repaired
    # or unread): a score that begins again at move 1 under its own run-in heading is a record of its own. (Its
    # numbers with their stops or without them: "1 P-K4, P-K4; 2 Kt-KB3, ...".)
    survey = SURVEY.format(a=a, b=b)
    games = games_of(survey if stops else re.sub(r"(\d)\. ", r"\1 ", survey))
    assert [g.tags.get("Opening") for g in games] == ["Giuoco Piano", "Evans Gambit"]
    assert [len(g.moves) for g in games] == [16, 10] and all(g.status == "ok" for g in games)
    assert [write_game(g).count('[Event "?"]') for g in games] == [1, 1]  # an opening's name is no event
    # The checks printed glued to the move ("B-Kt5ch", "BxBch;") are the text's marks: no "does not say so".
    assert not [d for g in games for d in g.diagnostics if d.code == "missed-check"]


@pytest.mark.parametrize("lead", ["Here the opening moves are again: ", "The moves are: "])
def test_a_sentence_that_leads_into_the_moves_is_no_run_in_heading(lead):
    # (Hoyle's "Here the opening moves are again: 1. P to K 4, ..." under the heading "THE KIESERITZKY GAMBIT.", over
    # the gambit's table: one record, the sentence's moves its notes; a run-in heading is a name, not a clause.)
    text = ("THE KIESERITZKY GAMBIT.\n\n" + lead + "1. P-K4, P-K4; 2. P-KB4, PxP. If White plays 3. B-B4, Black can "
            "check.\n\n" + score(*OPENING))
    assert len(games_of(text)) == 1


@pytest.mark.parametrize("label", ["GAME 148.", "Game III.", "PROBLEM No. 2.", "Example 4.", "Table 8."])
def test_a_records_label_alone_is_no_event(label):
    (g,) = games_of(f"{label}\n\n" + score(*OPENING))
    assert g.title == label and '[Event "?"]' in write_game(g)


@pytest.mark.parametrize("title", ["Black to move", "Third Position, Black to move", "Ending 12., White is to play"])
def test_a_title_that_names_the_side_to_move_is_no_event(title):
    from notation.write import event

    (g,) = games_of(score(*OPENING, indent=""))
    g.title = title  # (as a record for the other side to move from one set-up is titled: "..., Black to move")
    assert event(g) == "?"


def test_a_pages_running_head_between_the_rows_is_no_note():
    # "48  THE CHESS TOURNAMENT." between rows 5 and 6 (an OCR'd page break): was the note on Black's 5th move.
    rows = [("P to K 4", "P to K 4"), ("Kt to K B 3", "Kt to Q B 3"), ("B to B 4", "B to B 4"),
            ("P to Q Kt 4", "B takes P"), ("P to B 3", "B to R 4"), ("P to Q 4", "P takes P")]
    text = (score(*rows[:5], indent="") + "\n\n48                 THE CHESS TOURNAMENT.\n\n"
            + score(*rows, indent="").split("\n", 5)[5] + "\n")
    (g,) = games_of(text)
    assert len(g.moves) == 12 and not [m.comment for m in g.moves if m.comment], [m.comment for m in g.moves]


_COLUMN = ("CHESS.\n\nGame played in the recent match between Messrs. Blackburne and Gunsberg:--\n\n"
           "White (Mr. Blackburne). Black (Mr. Gunsberg). 1 P-K4 P-K4 2 Kt-KB3 Kt-QB3 3 B-Kt5 P-QR3 4 B-R4 Kt-B3 "
           "5 Castles KtxP 6 P-Q4 P-QKt4 7 B-Kt3 P-Q4 8 PxP B-K3 and the game was drawn.\n")


@pytest.mark.parametrize("after", ["", "\nProblem No. 117. By J. Pierce. White to play and mate in two moves.\n"],
                         ids=["alone", "problem-below"])
def test_columns_heads_run_in_before_move_one_name_the_colours(after):
    # A newspaper's column prints the game in one paragraph, its heads before move 1: White and Black were "?"
    # (the heading's "between Messrs. ..." names no colours: a Players tag), and the problem's "By J. Pierce." below
    # was the game's Composer.
    (game,) = [g for g in games_of(_COLUMN + after) if g.moves]
    assert (game.tags.get("White"), game.tags.get("Black")) == ("Blackburne", "Gunsberg")
    assert "Composer" not in game.tags and len(game.moves) == 16 and game.status == "ok"


@pytest.mark.parametrize("names, players", [
    ("Dr. E. Lasker.       J. Mieses.", ("Lasker, E.", "Mieses, J.")),
    ("Herr J. Mieses.      Dr. S. Tarrasch.", ("Mieses, J.", "Tarrasch, S.")),
    ("Rev. G. A. MacDonnell.   Capt. G. H. Mackenzie.", ("MacDonnell, G. A.", "Mackenzie, G. H.")),
    ("Prof. I. Rice.       Mr. J. W. Showalter.", ("Rice, I.", "Showalter, J. W.")),
    ("M. Tchigorin.        Sig. Dubois.", ("Tchigorin, M.", "Dubois")),  # "M." an initial: Mikhail
    ("Capt. J. Meek.       Major J. Hanham.", ("Meek, J.", "Hanham, J.")),
    # (The particle with the surname, after it as the heading grammar writes it: "White: Baron von Heydebrand.")
    ("Baron von Heydebrand.   Col. G. Mackenzie.", ("Heydebrand, von", "Mackenzie, G.")),
])
def test_a_title_before_the_initials_under_the_columns_heads_is_dropped_and_the_initials_kept(names, players):
    # Tournament books print the players under "WHITE.  BLACK." with their titles: the name as PGN writes it.
    (game,) = games_of(f"GAME 1\n\n    WHITE.               BLACK.\n    {names}\n\n" + score(*LOPEZ))
    assert game.status == "ok" and len(game.moves) == 6
    assert (game.tags.get("White"), game.tags.get("Black")) == players


@pytest.mark.parametrize("names", ["Dr.          Herr.", "Herr         J. Mieses.", "Rev.         Capt.",
                                   "HERR         LASKER."])
def test_a_title_alone_under_the_columns_heads_is_no_players_name(names):
    (game,) = games_of(f"GAME 1\n\n    WHITE.               BLACK.\n    {names}\n\n" + score(*LOPEZ))
    assert game.status == "ok" and len(game.moves) == 6
    assert "White" not in game.tags and "Black" not in game.tags


def test_the_heading_grammar_reads_every_title_the_names_under_the_columns_heads_drop():
    # One list of titles: a name read under the columns' heads and one read in a heading lose the same words.
    from notation.parse.chess_book import _ABBREVIATED_TITLES, _TITLES
    for title in _TITLES:
        stops = [". "] if title in _ABBREVIATED_TITLES else [". ", " "]  # ("Herr Morphy", "Major Hanham"; "Dr. Noa")
        for printed in (f"{title}{stop}Morphy v. Mr. Anderssen." for stop in stops):
            read = read_heading(printed)
            assert read is not None and read.tags.get("White") == "Morphy", printed
