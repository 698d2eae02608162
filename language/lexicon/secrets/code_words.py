"""The records of :mod:`language.secrets.code_words`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

from language.rules import words

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
    means=(
        'A code said with a general word ("the code", "o código", "opens with"): a secret only where the sentence '
        "says what it opens (ACCESS_PLACES) or how it came (DELIVERY)."
    ),
    why="",
    examples="do it",
    non_examples=("the code", "o código"),
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
    means="What a door, gate or locker code opens.",
    why="",
    examples="do it",
    non_examples=("the code", "o código"),
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
    means=(
        "Things a code opens that carry no number of their own (a locker, a door or a room has one): a code said "
        'right after one of these, joined by a connector, is the code that opens it ("cadeado da mala: 812", "I set'
        ' the room safe to 7860", "flat keypad: 8-6-5-3").'
    ),
    why="",
    examples="do it",
    non_examples=("cadeado da mala: 812", "I set the room safe to 7860"),
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
    means="How a one-time code arrives.",
    why="",
    examples="do it",
    non_examples=("the code", "o código"),
)
