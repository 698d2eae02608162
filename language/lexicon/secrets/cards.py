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
        "Digit groups with any separators people type between them: spaces, or one or two punctuation marks or "
        "symbols other than a colon (a time, a label): dots, dashes, underscores, slashes, commas, middle dots, an "
        'emoji, mixed ("4111.1111-1111 1111", "4111 / 1111 / …", "4719·0860·…", "4512 💳 4142 …"); the text is '
        "already normalised (NFKC, ASCII digits)."
    ),
    why="",
    examples=("4111.1111-1111 1111", "4111 / 1111 /"),
    non_examples=("ticket", "tracking"),
)

_DIGITS = rule(
    "secrets.cards.digits",
    r"\d+",
    means="",
    why="",
    examples=("3501  3032  9534  2725", "the company amex is out, use 3522 7923 8311 7061"),
    non_examples=("ticket", "tracking"),
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
    means='Card words of the six languages; "visa" is the brand unless a travel visa\'s words follow it.',
    why="",
    examples=("visa", "card of what"),
    non_examples=("3501  3032  9534  2725", "ticket"),
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
    means='"card" after one of these is not a payment card ("boarding card 0123…", "Oyster card …").',
    why="",
    examples=("boarding card 0123", "Oyster card"),
    non_examples=("card", "3501  3032  9534  2725"),
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
    means="",
    why="",
    examples=("Buchungsnummer", "número de reserva"),
    non_examples=("3501  3032  9534  2725", "the company amex is out, use 3522 7923 8311 7061"),
)

_LABEL_TAIL = fragment(
    "secrets.cards.label_tail",
    r"(?:(?:\s*(?:number|no\.?|num|nr\.?|n[°º]|#|id|ref|is|was|:|=|-))*"
    r"|(?:\s+[\w'’-]+){1,6}?\s*(?:\bis|\bwas|:|=|-|\bwould\s+be))\s*$",
    means=(
        'A label of another kind of number just before it: "tracking no. 4111…", "the booking number on my email is'
        ' 5425…"; a few words may stand between the label and the number only when a connector ends them.'
    ),
    why="",
    examples=("no", "number"),
    non_examples="always",
)

_LABEL_BEFORE = rule(
    "secrets.cards.label_before",
    _NOT_CARD_WORD.pattern + _LABEL_TAIL,
    flags=re.I,
    means="",
    why="",
    examples=("ticket", "tracking"),
    non_examples=("3501  3032  9534  2725", "the company amex is out, use 3522 7923 8311 7061"),
)

_LABEL_AFTER = rule(
    "secrets.cards.label_after",
    r"^\W{0,3}(?:\s*(?:is|was|=|-))?(?:\s+(?:my|the|our|your|a|an))?(?:\s+[\w-]+)?\s+"
    + _NOT_CARD_WORD.pattern,
    flags=re.I,
    means="",
    why="",
    examples="was my Porto flight cancelled?",
    non_examples=("3501  3032  9534  2725", "the company amex is out, use 3522 7923 8311 7061"),
)

_PAYMENT_PRE = words(
    "secrets.cards.payment_pre",
    word_set(
        "my the this that a an our your his her their its company personal work business corporate old new other "
        "second backup same spare credit debit bank payment virtual prepaid main usual joint travel crédito crédit "
        "credito débito débit debito bancaria bancária bancaire banco banque banca paiement pago pagamento"
    ),
    means=(
        'Beside "card", words that leave it a payment card ("my card", "the company card", "tarjeta de crédito"); '
        'any other word may be a brand of loyalty or transport card nobody listed ("Nectar card"), which the surest'
        " numbers (issuer range and Luhn) do not need to rule out but card-shaped ones do."
    ),
    why="",
    examples=("my card", "the company card"),
    non_examples=("card", "Nectar card"),
)

_NAMED_NUMBER = rule(
    "secrets.cards.named_number",
    r"(?P<name>[\w-]+)\s+(?:number|no\.?|num|nr\.?|n[°º]|#|id)\s*(?:[:#]|is|was)?\s*$",
    flags=re.I,
    means='"<name> number 3081 …": a number introduced by what it belongs to; not a card unless that is a card word.',
    why="",
    examples="no no",
    non_examples=("<name> number 3081", "3501  3032  9534  2725"),
)

_EXPIRY_THEN_CODE = rule(
    "secrets.cards.expiry_then_code",
    r"[\s,;|-]*(?:[^\W\d]{1,12}\.?[\s:]*)?(?:0?[1-9]|1[0-2])\s*[/-]\s*(?:20)?\d\d"
    r"[\s,;|-]*(?:[^\W\d]{1,12}\.?[\s:]*)?(?P<v>\d{3,4})(?!\d|[/:.,]\d)",
    means=(
        'After a card: its expiry, then three or four digits, perhaps named ("…4805, 09/27, 313", "… exp 03/29 cvc '
        '771").'
    ),
    why="",
    examples=("4805, 09/27, 313", "exp 03/29 cvc 771"),
    non_examples=("3501  3032  9534  2725", "the company amex is out, use 3522 7923 8311 7061"),
)

_EXPIRY = rule(
    "secrets.cards.expiry",
    r"(?<![\d/.:-])(?:0[1-9]|1[0-2])\s?[/-]\s?(?:20)?\d\d(?![\d/.:-]|\s?[/-]\s?\d)",
    means=(
        'A card\'s expiry: month and year, said beside its number or its security code ("cvv 933 exp 07/31", "CVC: '
        '351 / gültig bis 04/31", "Card: 5207…\\nExp: 07/28").'
    ),
    why="Alone it is a date; beside card data it is part of the card.",
    examples=("cvv 933 exp 07/31", "CVC: 351 / gültig bis 04/31"),
    non_examples=("3501  3032  9534  2725", "the company amex is out, use 3522 7923 8311 7061"),
)

_AFTER_TAIL = rule(
    "secrets.cards.after_tail",
    r"[^\d\n]{0,32}",
    means="",
    why="",
    examples=(" exp ", ", CVC "),
    non_examples=(" 4111",),
    test="whole",
)

_BEFORE_HEAD = rule(
    "secrets.cards.before_head",
    r"[^\d\n]{0,24}",
    means="",
    why="",
    examples=("card number: ",),
    non_examples=("card 4",),
    test="whole",
)

_PART_LABEL = rule(
    "secrets.cards.part_label",
    r"[^\d\n]{0,20}\b\d{1,2}\s*[:.)-]\s*",
    means='A part\'s label before its digits: "last 8:", "Teil 2:", "part 2 -".',
    why="",
    examples=("last 8:", "Teil 2:"),
    non_examples=("3501  3032  9534  2725", "the company amex is out, use 3522 7923 8311 7061"),
)
