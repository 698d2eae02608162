"""The records of :mod:`language.secrets.code_words`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

from language.rules import words
from language.secrets.tries import phrases

# Each table maps a language to its phrases, one comma-separated string (read with language.secrets.tries.phrases).
CODE_WORDS: dict[str, str] = words(
    "secrets.code_words.code_words",
    {
        "en": (
            "code, codes, combination, opens with, open it with, sent me, sent, texted, emailed me, dial, punch in, "
            "key in, type in"
        ),
        "pt": (
            "código, códigos, combinação, abre com, abre-se com, enviou, enviaram, mandou, mandaram, marca, marque, "
            "digita, digite"
        ),
        "es": (
            "código, códigos, combinación, se abre con, abre con, me envió, envió, me mandó, mandó, marca, marque, "
            "teclea"
        ),
        "fr": "code, codes, combinaison, s'ouvre avec, ouvre avec, m'a envoyé, a envoyé, compose, composez, tapez",
        "de": (
            "code, codes, kombination, zahlenkombination, öffnet mit, geht auf mit, hat mir geschickt, schickte, "
            "tippe, tippen, eintippen"
        ),
        "it": (
            "codice, codici, combinazione, si apre con, apre con, mi ha inviato, ha inviato, mi ha mandato, digita, "
            "componi"
        ),
    },
    entries=phrases,
    means=(
        'The general words a code is said with: "code", "combination", "opens with", "sent me", "o código", '
        '"se abre con", "Zahlenkombination" …'
    ),
    why=(
        "Alone they say nothing (a promo code and a booking code are codes too): the holders scanner "
        "counts the number after one of them only where the sentence names what it opens (access_places) "
        "or how it came (delivery), or when six digits are said as the code."
    ),
    examples=("el código de la puerta es 4821", "le code de la porte"),
    non_examples=("the booking reference is X7QKJ2", "scan the barcode at the gate"),
)

ACCESS_PLACES: dict[str, str] = words(
    "secrets.code_words.access_places",
    {
        "en": (
            "door, front door, gate, locker, lockers, safe, keybox, key box, lockbox, key safe, building, "
            "entrance, garage, padlock, lock, alarm, intercom, keypad, apartment, flat, room safe, barrier, car park, "
            "left luggage"
        ),
        "pt": "porta, portão, cacifo, cofre, fechadura, prédio, entrada, garagem, cadeado, alarme, cancela",
        "es": (
            "puerta, portal, taquilla, caja fuerte, cerradura, edificio, entrada, garaje, candado, alarma, "
            "portón, verja, barrera, consigna"
        ),
        "fr": (
            "porte, portail, casier, coffre, coffre-fort, serrure, immeuble, entrée, garage, cadenas, alarme, "
            "barrière, consigne"
        ),
        "de": (
            "tür, haustür, tor, schließfach, spind, safe, tresor, schloss, gebäude, eingang, garage, "
            "vorhängeschloss, alarmanlage, schranke, hoftor, gartentor"
        ),
        "it": (
            "porta, portone, cancello, armadietto, cassaforte, serratura, edificio, ingresso, garage, "
            "lucchetto, allarme, sbarra"
        ),
    },
    entries=phrases,
    means=(
        'What a door, gate or locker code opens: "door", "gate", "locker", "keybox", "portão", '
        '"taquilla", "immeuble", "Schließfach", "cancello" …'
    ),
    why=(
        'Named before a general code word ("locker 27, code 5521"), or anywhere in its sentence when a '
        'connector leads to the value, it makes the code an access code; with a "#" or "*" right after it '
        '("portão: 7777#") the digits are keyed in, not the number of the gate. Also the places a German '
        'compound ("Haustür-Code") may name.'
    ),
    examples=("código de la puerta: 4821", "le code de l'immeuble"),
    non_examples=("the code they texted me", "ask the doorman"),
)

CODE_HOLDERS: dict[str, str] = words(
    "secrets.code_words.code_holders",
    {
        "en": (
            "safe, room safe, in-room safe, hotel safe, keypad, padlock, lockbox, lock box, keybox, key box, key safe, "
            "bike lock, luggage lock, suitcase lock, combination lock, tsa lock"
        ),
        "pt": "cofre, cadeado, cadeado da mala, teclado",
        "es": "caja fuerte, candado, teclado",
        "fr": "coffre, coffre-fort, cadenas, clavier",
        "de": "tresor, safe, zimmersafe, vorhängeschloss, zahlenschloss, fahrradschloss, kofferschloss",
        "it": "cassaforte, lucchetto, tastierino",
    },
    entries=phrases,
    means=(
        "Things a code opens that carry no number of their own: a safe, a padlock, a keypad, a key box, a "
        'luggage lock ("cadeado da mala", "caja fuerte", "Zahlenschloss").'
    ),
    why=(
        "A code said right after one of these, joined by a connector, is the code that opens it, with no "
        'word for "code" at all ("cadeado da mala: 812", "I set the room safe to 7860", "flat keypad: 8-6-5-3"). '
        'A locker, a door or a room has a number of its own ("locker 27"), so they are not listed here.'
    ),
    examples=("el candado de la maleta: 812", "la caja fuerte de la habitación: 1210"),
    non_examples=("locker 27, code 5521", "gate 12"),
)

DELIVERY: dict[str, str] = words(
    "secrets.code_words.delivery",
    {
        "en": (
            "sms, text, texted, message, app, authenticator, email, emailed, bank, sent me, received, got, came in, "
            "arrived, just came"
        ),
        "pt": "sms, mensagem, app, aplicativo, aplicação, email, e-mail, banco, recebi, enviaram, mandaram",
        "es": "sms, mensaje, app, aplicación, correo, banco, recibí, me enviaron, me mandaron, me llegó",
        "fr": "sms, message, appli, application, e-mail, mail, banque, reçu, envoyé, on m'a envoyé",
        "de": "sms, nachricht, app, e-mail, mail, bank, erhalten, bekommen, geschickt, gesendet",
        "it": "sms, messaggio, app, email, e-mail, banca, ricevuto, inviato, mandato, arrivato",
    },
    entries=phrases,
    means=(
        'How a one-time code arrives: "sms", "text", "app", "email", "bank", "sent me", "recebi", "me llegó" '
        "…"
    ),
    why=(
        'A general code word whose sentence says how the code came is a one-time code: "der Code aus der SMS lautet '
        '551203".'
    ),
    examples=("el código de la app es 551203", "le code de confirmation est arrivé par sms"),
    non_examples=("code 4490 on the locker",),
)
