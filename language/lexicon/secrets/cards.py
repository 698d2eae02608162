"""The records of :mod:`language.secrets.cards`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, whole_words, words
from language.secrets.hits import word_set

_CHAIN = rule(
    "secrets.cards.chain",
    r"(?<![A-Za-z0-9+])\d+(?:(?:[ \t]{0,2}(?:[^\w\s:]|_){1,2}[ \t]{0,2}|[ \t]{1,3})\d+)*(?![A-Za-z0-9])",
    means=(
        "A run of digit groups as people type a card number: groups joined by spaces, or by one or two "
        'marks other than a colon (dots, dashes, slashes, commas, middle dots, an emoji): "4111.1111-1111 1111", '
        '"4719·0860·…", "4512 💳 4142 …".'
    ),
    why=(
        "The card scanner reads each chain as one number and looks for a card among its leading groups; "
        "the split-card reader takes the chain that ends one message and the one that starts the next. A "
        'colon ends a chain (a time, a label), and digits stuck to letters start none ("TP1234", "14C"). '
        "The text is already normalised (NFKC, ASCII digits)."
    ),
    examples=("4111.1111-1111 1111", "4719·0860·1234·5678", "4512 💳 4142"),
    non_examples=("flight TP1234", "seat 14C"),
)

_DIGITS = rule(
    "secrets.cards.digits",
    r"\d+",
    means='One group of digits inside a chain ("4111" of "4111 1111 …").',
    why=(
        "The card scanner adds a chain's groups one at a time, so it can try every prefix of 13-19 digits "
        "(a card is often followed by its expiry and code) and knows the group sizes (4-4-4-4, Amex's "
        "4-6-5)."
    ),
    examples=("4111 1111", "3501  3032  9534  2725"),
    non_examples=("the card number is in my email",),
)

_CARD_WORD = whole_words(
    "secrets.cards.card_word",
    r"credit|debit|cc|mastercard|master\s?card|amex|american\s+express|maestro|discover|diners|jcb|"
    r"union\s?pay|visa(?!\s+(?:application|sticker|stamp|reference|ref|appointment|fee|waiver|on\s+arrival|"
    r"free|requirements?|office|cent(?:re|er)|type|photo|extension|renewal|interview|run|policy|number|no))|"
    r"cvv2?|cvc2?|expiry|expires?|exp|valid\s+thru|pan|payment\s+card|pay(?:ing)?\s+with|charge|charged|"
    r"kreditkarte|karte|karten(?:nummer|zahlung|daten|inhaber|prüf)\w*|carte\s+bancaire|carte\s+bleue|"
    # "card of what": "tarjeta de crédito" is a payment card, "cartão de embarque" is not.
    r"(?:tarjetas?|cart(?:ão|ao|ões|oes)|cartes?|carta)(?:\s+(?:de|da|do|di|du|del|della)\s+|\s*d['’]\s*)?"
    r"(?P<post>(?<=\s)[\w-]+|(?<=['’])[\w-]+)?|"
    r"(?P<pre>[\w-]{1,30}\s+)?card",
    means=(
        'A word that says a number is card data, in the six languages: "card", "visa", "amex", "cvv", '
        '"expiry", "Kreditkarte", "tarjeta de crédito" …; "visa" is the brand unless a travel visa\'s '
        "words follow it."
    ),
    why=(
        "Beside a card word, a card-shaped number counts even when Luhn fails: a mistyped card is still "
        'card data ("the company amex is out, use 3522 7923 8311 7061"). The word before "card" (group '
        'pre), or after "tarjeta de", "cartão de" (group post), is kept so the scanner can tell "my card" '
        'from "boarding card", "cartão de crédito" from "cartão de embarque".'
    ),
    examples=("pay with my visa", "tarjeta de crédito", "Kreditkarte"),
    non_examples=("visa on arrival", "the visa fee is 50 euros", "the Discovery tour"),
)

_OTHER_CARDS = words(
    "secrets.cards.other_cards",
    word_set(
        "boarding gift loyalty membership member rail railcard oyster sim key id identity landing green "
        "post greeting library student discount club reward rewards points tourist city museum metro transit bus "
        "sd memory lounge priority frequent flyer insurance health ehic ghic vaccination yellow smart access hotel "
        "room door scratch sim-card e-sim esim photo embarque embarquement imbarco embarco fidelidad fidelidade "
        "fidélité fedeltà regalo presente cadeau identidad identidade identité identità cidadão ciudadano "
        "transporte transport trasporto socio sócio membre membro cliente client puntos pontos punti residente "
        "residencia résidence estudiante estudante étudiant studente sanitaria saúde santé salud memoria memória "
        "mémoire visita visite"
    ),
    means=(
        'Words that make "card" another kind of card, before it or after "tarjeta de", "cartão de": '
        "boarding, loyalty, Oyster, SIM, hotel key, health, student, embarque, fidélité …"
    ),
    why=(
        'A card-shaped number beside one of these is not a payment card ("boarding card 0123…", "Oyster card …"), '
        'even though the word "card" is said.'
    ),
    examples=("boarding card 0123 4567", "Oyster card", "cartão de embarque"),
    non_examples=("my debit card", "the company card"),
)

_NOT_CARD_WORD = whole_words(
    "secrets.cards.not_card_word",
    r"e-?tickets?|etkt|tkt|tickets?|tracking|track|parcel|package|shipment|courier|delivery|bookings?|booked|"
    r"reservations?|orders?|ref|reference|confirmation|conf|pnr|locator|itinerary|phone|call|ring|tel|"
    r"telephone|mobile|cell|whatsapp|fax|flights?|invoice|receipt|members?|membership|loyalty|frequent|"
    r"flyer|flier|miles|avios|bonvoy|honors|points|policy|claim|case|voucher|imei|serial|isbn|barcode|ean|upc|"
    r"customer|passenger|baggage|bag|luggage|tag|awb|waybill|container|transaction|trip|application|"
    r"rail|train|railcard|tax|vat|insurance|number\s+to\s+call|hotline|contact|fone|telefone|teléfono|"
    r"téléphone|billet|billete|bilhete|"
    # The same labels in the other languages ("Buchungsnummer", "número de reserva", "suivi du colis" …).
    r"buchung\w*|reserva\w*|prenotazion\w*|localizador|bestell\w*|commande|pedido|ordine|sendung\w*|suivi|"
    r"rastreio|seguimiento|tracciamento|vuelo|voo|vol|flug\w*|volo|embarque|embarquement|imbarco|"
    r"konzert\w*|concierto|concerto|eintritt\w*|biglietto|fahrkarte\w*|telefon\w*|telefono|fattura|factura|"
    r"facture|rechnung|fatura",
    means=(
        "A word naming another kind of long number: a ticket, booking, order, tracking, phone, loyalty, "
        'invoice or flight number, in the six languages ("e-ticket", "PNR", "Buchungsnummer", "número de reserva", '
        '"suivi du colis").'
    ),
    why=(
        "E-tickets, phone numbers and references come in card lengths. Such a word anywhere near vetoes a "
        "number that is card data only by its shape or a card word; a Luhn-valid number is vetoed only "
        "when the word labels it right beside it (label_before, label_after)."
    ),
    examples=("e-ticket 1252345678901", "Buchungsnummer", "número de reserva"),
    non_examples=("paying by card 4111 1111 1111 1111", "the ticketing desk"),
)

_LABEL_TAIL = fragment(
    "secrets.cards.label_tail",
    r"(?:(?:\s*(?:number|no\.?|num|nr\.?|n[°º]|#|id|ref|is|was|:|=|-))*"
    r"|(?:\s+[\w'’-]+){1,6}?\s*(?:\bis|\bwas|:|=|-|\bwould\s+be))\s*$",
    means=(
        "What may stand between another number's label and the number: number words and connectors "
        '("no.", "number:", "#"), or up to six words that a connector ends ("number on my email is").'
    ),
    why=(
        'A few words between label and number count only when a connector ends them: "the booking number on my email '
        'is 5425…" is labelled, "booking arrived yesterday, my card 4111…" is not.'
    ),
    examples=(" no. ", " number on my email is "),
    non_examples=(" arrived yesterday, my card ", " that I mentioned to you on the phone yesterday is "),
)

_LABEL_BEFORE = rule(
    "secrets.cards.label_before",
    _NOT_CARD_WORD.pattern + _LABEL_TAIL,
    flags=re.I,
    means=(
        'Another number\'s label ending right before a number: "tracking no. 4111…", "the booking number on my email '
        'is 5425…".'
    ),
    why=(
        "For a Luhn-valid number of card length only a label this close vetoes it, so travel words "
        'elsewhere in the sentence ("pay the Lisbon flight with 4111…") do not hide a card. Read on the '
        "40 characters before the number."
    ),
    examples=("tracking no. ", "the booking number on my email is "),
    non_examples=("my booking is done, and my card is ", "the tracking page is down; card "),
)

_LABEL_AFTER = rule(
    "secrets.cards.label_after",
    r"^\W{0,3}(?:\s*(?:is|was|=|-))?(?:\s+(?:my|the|our|your|a|an))?(?:\s+[\w-]+)?\s+"
    + _NOT_CARD_WORD.pattern,
    flags=re.I,
    means=(
        'Another number\'s label right after a number, at most one word away: "… is my IMEI", "… - booking ref", '
        '"… was my Porto flight".'
    ),
    why="The counterpart of label_before on the other side of the number.",
    examples=(" is my IMEI", " - booking ref", " was my Porto flight"),
    non_examples=(", paid for my flight", " exp 09/27"),
)

_PAYMENT_PRE = words(
    "secrets.cards.payment_pre",
    word_set(
        "my the this that a an our your his her their its company personal work business corporate old new other "
        "second backup same spare credit debit bank payment virtual prepaid main usual joint travel crédito crédit "
        "credito débito débit debito bancaria bancária bancaire banco banque banca paiement pago pagamento"
    ),
    means=(
        'Words beside "card" that leave it a payment card: "my card", "the company card", "tarjeta de crédito", '
        '"carte bancaire".'
    ),
    why=(
        'Any other word may be a loyalty or transport card nobody listed ("Nectar card"). The surest '
        "numbers (issuer range and Luhn) need no such word, but a number that is only card-shaped counts "
        "as a card only beside one of these."
    ),
    examples=("my card", "the company card", "carte bancaire"),
    non_examples=("Nectar card", "loyalty card"),
)

_NAMED_NUMBER = rule(
    "secrets.cards.named_number",
    r"(?P<name>[\w-]+)\s+(?:number|no\.?|num|nr\.?|n[°º]|#|id)\s*(?:[:#]|is|was)?\s*$",
    flags=re.I,
    means=(
        'A number introduced by what it belongs to, ending right before it: "Accor Live Limitless number 3081…", '
        '"Miles & More no. …".'
    ),
    why=(
        "A number in a card's printed groups is not a card when it is named as another thing's number, "
        'unless the name is a card word ("card number").'
    ),
    examples=("Accor Live Limitless number ", "Miles & More no. "),
    non_examples=("the number I gave you was wrong, use ", "my card is "),
)

_EXPIRY_THEN_CODE = rule(
    "secrets.cards.expiry_then_code",
    r"[\s,;|-]*(?:[^\W\d]{1,12}\.?[\s:]*)?(?:0?[1-9]|1[0-2])\s*[/-]\s*(?:20)?\d\d"
    r"[\s,;|-]*(?:[^\W\d]{1,12}\.?[\s:]*)?(?P<v>\d{3,4})(?!\d|[/:.,]\d)",
    means=(
        'Right after a card number: its expiry, then three or four digits, each perhaps named ("…4805, 09/27, 313", '
        '"… exp 03/29 cvc 771").'
    ),
    why=(
        "The three things printed on a card, in the order people copy them: the digits after the expiry "
        "are the security code and are masked with the card."
    ),
    examples=(", 09/27, 313", " exp 03/29 cvc 771"),
    non_examples=(" exp 09/27", " 09/27 at 10:30"),
)

_EXPIRY = rule(
    "secrets.cards.expiry",
    r"(?<![\d/.:-])(?:0[1-9]|1[0-2])\s?[/-]\s?(?:20)?\d\d(?![\d/.:-]|\s?[/-]\s?\d)",
    means='A month and year written as a card\'s expiry: "07/31", "04/2031", "12-28".',
    why=(
        "Alone it is a date; a short reach after a card number, or either side of its security code, it "
        'is part of the card ("cvv 933 exp 07/31", "CVC: 351 / gültig bis 04/31"). Never a piece of a '
        'longer date ("12/05/2025").'
    ),
    examples=("cvv 933 exp 07/31", "CVC: 351 / gültig bis 04/31"),
    non_examples=("flying out 12/05/2025", "the 14/06 ferry"),
)

_AFTER_TAIL = rule(
    "secrets.cards.after_tail",
    r"[^\d\n]{0,32}",
    means=(
        "What may follow the first part of a split card number to the end of its message: a short aside "
        'on the same line, no digits ("(sorry, phone died)", "<- first part").'
    ),
    why=(
        "A card split over two messages is joined only when the first message ends with its digits; a "
        "long aside, or one with numbers in it, says the digits were something else."
    ),
    examples=(" (sorry, phone died)", " <- first part"),
    non_examples=(" (sorry, battery at 5%)", " hold on, I need to find the rest of it somewhere"),
    test="whole",
)

_BEFORE_HEAD = rule(
    "secrets.cards.before_head",
    r"[^\d\n]{0,24}",
    means=(
        "What may stand before the second part of a split card number: a few words on one line, no digits "
        '("rest: ", "and the rest is ").'
    ),
    why="The second message must open with the digits for the two parts to be read as one number.",
    examples=("rest: ", "and the rest is "),
    non_examples=("here is the rest of the number, sorry ", "part 2: "),
    test="whole",
)

_PART_LABEL = rule(
    "secrets.cards.part_label",
    r"[^\d\n]{0,20}\b\d{1,2}\s*[:.)-]\s*",
    means='A part\'s label opening the second message of a split card number: "last 8:", "Teil 2:", "part 2 -".',
    why="It is passed over before the digits are read, so the part's own number is not taken for the card's.",
    examples=("last 8:", "Teil 2:", "part 2 -"),
    non_examples=("part two:", "2nd half:"),
)
