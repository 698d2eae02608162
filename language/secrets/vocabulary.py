"""The words that announce a secret, in the languages the assistant's users write (EN, PT, ES, FR, DE, IT) and
three more their messages often hold (NL, PL, SV).

One table, read by :mod:`language.secrets.cues`: a new language or a new word is one line here, and every
scanner that reads cues gets it. A cue only says where a value may start; the value must still have the shape of
its kind (digits for a PIN, a password-like token, a clause for a security answer), so a cue word in an ordinary
sentence ("a conta do jantar", "the door code didn't work") masks nothing.

Beside the cues, the small words around them: what joins a name to its value on either side ("é", "c'est",
"that's", "as"), what may follow a name whose value came first, and the "new" and "now" of a changed secret.
How a table becomes one regex is :mod:`language.secrets.tries`.

Each language's phrases are one comma-separated string. Words are written with their accents; the scanners
also accept them typed without ("contrasena", "codigo").
"""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

from language.secrets.tries import alternation_of

# What a cue announces, and so how its value is read.
CueKind = Literal[
    "password",
    "pin",
    "access_code",
    "code",
    "recovery",
    "card_code",
    "security_answer",
    "bank_account",
    "passport",
    "id",
]

CUES: dict[CueKind, dict[str, str]] = {
    "password": {
        "en": (
            "password, passphrase, wifi password, login password, wifi pass, wi-fi pass, wifi key, "
            "network key, wpa key, login pass, account pass, email pass, e-mail pass, app pass, admin pass, "
            "portal pass, router pass, laptop pass, passcode, pw, pwd, passwd"
        ),
        "pt": "senha, palavra-passe, palavra passe, senha do wifi, palavra-chave, senha da rede",
        "es": "contraseña, clave, clave de acceso, contraseña del wifi, clave del wifi, clave wifi",
        "fr": "mot de passe, mdp, mot de passe wifi, clé wifi, code wifi",
        "de": (
            "passwort, kennwort, wlan-passwort, wlan passwort, wlan-schlüssel, wlan schlüssel, "
            "netzwerkschlüssel"
        ),
        "it": "password, parola d'ordine, parola chiave, chiave di accesso, chiave wifi, password del wifi",
        "nl": "wachtwoord, wifi-wachtwoord, wachtwoord van de wifi, wifiwachtwoord",
        "pl": "hasło, hasło do wifi, hasło wifi, hasło do sieci",
        "sv": "lösenord, lösenordet, wifi-lösenord, wifi-lösenordet, wifilösenord",
    },
    "pin": {
        "en": "pin, pin code, pin number, card pin, atm pin, puk, puk code, sim pin",
        "pt": "pin, código pin, senha do cartão, código do cartão, senha do multibanco",
        "es": "pin, número pin, código pin, nip, número secreto, clave de la tarjeta",
        "fr": "code pin, code confidentiel, code secret, code de la carte, code carte bleue",
        "de": "geheimzahl, pin-nummer, pin-code, pin nummer, kartenpin",
        "it": "codice pin, codice segreto, pin del bancomat, codice del bancomat",
        "nl": "pincode, pin-code, pincode van de kaart",
        "pl": "kod pin, pin do karty, numer pin",
        "sv": "pinkod, pinkoden, pin-kod, pin-koden",
    },
    "access_code": {
        "en": (
            "door code, gate code, locker code, lockbox code, key box code, keybox code, key safe code, "
            "entry code, building code, alarm code, safe code, garage code, padlock code, padlock "
            "combination, locker combination, safe combination, lock combination, access code, keypad "
            "code, front door code, intercom code, buzzer code, keybox, key box, lockbox, lock box, key "
            "safe, keysafe, padlock combo, lock combo, locker combo, safe combo, bike lock code, keycode, key code, "
            "barrier code, car park code, parking code, combo, smart lock, smart lock code, door lock code"
        ),
        "pt": (
            "código da porta, código do portão, código do cacifo, código da fechadura, código do cofre, "
            "código de acesso, código do prédio, código da entrada, código do alarme, cofre das chaves"
        ),
        "es": (
            "código de la puerta, código del portal, código de la taquilla, código de la caja fuerte, "
            "código de acceso, código de entrada, código del candado, código de la alarma, código del "
            "garaje, caja de llaves, caja fuerte, código de la caja"
        ),
        "fr": (
            "digicode, code de la porte, code du portail, code du casier, code d'entrée, code d'accès, "
            "code du coffre, code du cadenas, code de l'immeuble, code de l'alarme, boîte à clés, alarme, "
            "code alarme"
        ),
        "de": (
            "türcode, torcode, tor-code, schließfachcode, spindcode, zugangscode, safe-code, tresorcode, "
            "code für die tür, code für das tor, code für den safe, alarmcode, zahlenschloss-code, "
            "schlosscode, schlüsselbox, schlüsselsafe, schlüsseltresor, zahlenschloss"
        ),
        "it": (
            "codice della porta, codice del portone, codice del cancello, codice dell'armadietto, codice "
            "d'accesso, codice di accesso, codice della cassaforte, codice del lucchetto, codice "
            "dell'allarme, cassetta delle chiavi, cassetta portachiavi"
        ),
        "nl": (
            "deurcode, toegangscode, poortcode, code van de deur, code van de poort, kluiscode, code van de "
            "kluis, sleutelkluis, alarmcode, lockercode"
        ),
        "pl": (
            "kod do drzwi, kod do domofonu, kod do bramy, kod do sejfu, kod dostępu, kod do skrytki, kod do "
            "furtki, kod do klatki, kod do szafki"
        ),
        "sv": (
            "portkod, portkoden, dörrkod, dörrkoden, kod till dörren, kod till porten, nyckelbox, boxkod, "
            "larmkod, larmkoden, kodlås"
        ),
    },
    "code": {
        "en": (
            "verification code, one-time code, one time code, otp, sms code, login code, 2fa code, "
            "authentication code, security code from, confirmation code from"
        ),
        "pt": (
            "código de verificação, código de confirmação, código sms, código de segurança, código de "
            "autenticação, código único"
        ),
        "es": (
            "código de verificación, código de confirmación, código de un solo uso, código sms, código de "
            "seguridad, código de autenticación"
        ),
        "fr": (
            "code de vérification, code de confirmation, code à usage unique, code sms, code de sécurité, "
            "code d'authentification, code reçu par sms"
        ),
        "de": (
            "bestätigungscode, verifizierungscode, einmalcode, sms-code, sicherheitscode, "
            "authentifizierungscode, einmalpasswort"
        ),
        "it": (
            "codice di verifica, codice di conferma, codice monouso, codice otp, codice sms, codice di "
            "sicurezza, codice di autenticazione"
        ),
        "nl": "verificatiecode, bevestigingscode, sms-code, eenmalige code, beveiligingscode, inlogcode",
        "pl": "kod weryfikacyjny, kod sms, kod jednorazowy, kod potwierdzający, kod bezpieczeństwa",
        "sv": "verifieringskod, engångskod, engångskoden, sms-kod, bekräftelsekod, säkerhetskod",
    },
    # Codes kept for when a login is lost: a list of short groups ("k5x3-592s cm2n-k6e9", "QW5U YTW5 JXHH").
    "recovery": {
        "en": (
            "recovery code, recovery codes, backup code, backup codes, recovery key, backup key, emergency code, "
            "emergency codes, scratch codes, emergency kit code"
        ),
        "pt": (
            "código de recuperação, códigos de recuperação, códigos de backup, código de backup, chave de "
            "recuperação, códigos de reserva"
        ),
        "es": (
            "código de recuperación, códigos de recuperación, códigos de respaldo, código de respaldo, clave de "
            "recuperación, códigos de emergencia"
        ),
        "fr": (
            "code de récupération, codes de récupération, codes de secours, code de secours, clé de "
            "récupération, codes de sauvegarde"
        ),
        "de": (
            "wiederherstellungscode, wiederherstellungscodes, backup-codes, backup-code, notfallcodes, "
            "wiederherstellungsschlüssel, sicherungscodes"
        ),
        "it": (
            "codice di recupero, codici di recupero, codici di backup, codice di backup, chiave di recupero, "
            "codici di emergenza"
        ),
    },
    # A card's security code: three or four digits (a "code" cue followed by three digits is one too).
    "card_code": {
        "en": (
            "cvv, cvc, cvv2, cvc2, cvv code, cvc code, cvv number, card verification code, card verification "
            "value, card security code, security digits, digits on the back, 3 digits on the back, three digits "
            "on the back"
        ),
        "pt": (
            "código de segurança do cartão, código cvv, código cvc, código de verificação do cartão, dígitos do "
            "verso, código do verso"
        ),
        "es": (
            "código de seguridad de la tarjeta, código cvv, código cvc, código de verificación de la tarjeta, "
            "dígitos del reverso, código del reverso"
        ),
        "fr": (
            "cryptogramme, cryptogramme visuel, code cvv, code cvc, code de sécurité de la carte, chiffres au "
            "dos, code au dos"
        ),
        "de": (
            "kartenprüfnummer, kartenprüfziffer, kartenprüfcode, sicherheitscode der karte, cvv-code, cvc-code, "
            "prüfnummer, prüfziffer"
        ),
        "it": (
            "codice di sicurezza della carta, codice cvv, codice cvc, codice di verifica della carta, cifre sul "
            "retro, codice sul retro"
        ),
        "nl": "cvc-code, cvv-code, kaartverificatiecode, beveiligingscode van de kaart",
        "pl": "kod cvv, kod cvc, kod bezpieczeństwa karty",
        "sv": "cvc-kod, cvv-kod, säkerhetskod på kortet",
    },
    "security_answer": {
        "en": (
            "mother's maiden name, security answer, secret answer, memorable word, memorable answer, "
            "answer to my security question, first pet's name, first pet was, memorable place, memorable name, "
            "my first pet, memorable date, memorable city, city my parents met in, town my parents met in, "
            "where my parents met, name of my first school, my first school, childhood nickname, "
            "childhood best friend, favourite teacher, favorite teacher, security question answer, "
            "security question, secret question"
        ),
        "pt": (
            "nome de solteira da minha mãe, resposta de segurança, resposta secreta, palavra memorável, "
            "nome do meu primeiro animal, resposta à pergunta de segurança, resposta à minha pergunta de "
            "segurança, resposta à pergunta secreta, resposta da pergunta secreta, pergunta secreta, pergunta de "
            "segurança"
        ),
        "es": (
            "apellido de soltera de mi madre, respuesta de seguridad, respuesta secreta, nombre de mi "
            "primera mascota, respuesta a la pregunta de seguridad, respuesta a mi pregunta de seguridad, "
            "respuesta a la pregunta secreta, respuesta de la pregunta secreta, pregunta secreta, pregunta de seguridad"
        ),
        "fr": (
            "nom de jeune fille de ma mère, réponse secrète, réponse de sécurité, nom de mon premier animal, "
            "réponse à la question secrète, réponse à ma question secrète, réponse à la question de sécurité, "
            "réponse de la question secrète, question secrète, question de sécurité"
        ),
        "de": (
            "mädchenname meiner mutter, geburtsname meiner mutter, sicherheitsantwort, geheimantwort, name "
            "meines ersten haustiers, sicherheitsfrage, geheimfrage"
        ),
        "it": (
            "cognome da nubile di mia madre, risposta di sicurezza, risposta segreta, nome del mio primo "
            "animale, risposta alla domanda di sicurezza, risposta alla mia domanda di sicurezza, risposta alla "
            "domanda segreta, domanda di sicurezza, domanda segreta"
        ),
        "nl": (
            "meisjesnaam van mijn moeder, moederse meisjesnaam, meisjesnaam, veiligheidsvraag, geheime vraag, "
            "naam van mijn eerste huisdier"
        ),
        "pl": (
            "nazwisko panieńskie matki, nazwisko panieńskie mojej matki, pytanie bezpieczeństwa, pytanie "
            "pomocnicze, imię mojego pierwszego zwierzaka"
        ),
        "sv": "mammas flicknamn, min mammas flicknamn, säkerhetsfråga, hemlig fråga, mitt första husdjur",
    },
    "bank_account": {
        "en": (
            # Not "account" alone, nor "account number": a hotel invoice and a loyalty card have those too.
            "bank account number, bank account no, bank acct, acct no, acc no, acc, acct, sort code, sort, "
            "bank details, routing number"
        ),
        "pt": (
            "número da conta, conta bancária, conta corrente, nib, número de conta, agência e conta, conta"
        ),
        "es": "número de cuenta, cuenta bancaria, cuenta corriente, clabe, número de la cuenta, cuenta",
        "fr": "numéro de compte, compte bancaire, rib, relevé d'identité bancaire, compte courant, compte",
        "de": "kontonummer, bankverbindung, bankleitzahl, blz, girokonto, bankkonto, konto",
        "it": "numero di conto, conto corrente, conto bancario, coordinate bancarie, conto",
        "nl": "rekeningnummer, bankrekening, bankrekeningnummer",
        "pl": "numer rachunku, numer konta, rachunek bankowy, konto bankowe",
        "sv": "kontonummer, bankkonto, clearingnummer",
    },
    "passport": {
        "en": (
            "passport, passport number, passport no, passport no., travel document, document number, doc number, "
            "doc no, apis, apis details, passport details, photo page, data page, bio page, biodata page"
        ),
        "pt": (
            "passaporte, número do passaporte, número do documento, documento de viagem, página de dados, "
            "página de identificação"
        ),
        "es": "pasaporte, número de pasaporte, número de documento, documento de viaje, página de datos",
        "fr": (
            "passeport, numéro de passeport, numéro de document, document de voyage, page de données, page "
            "d'identité"
        ),
        "de": (
            "reisepass, reisepassnummer, passnummer, pass-nummer, dokumentennummer, reisedokument, datenseite, "
            "personaldatenseite"
        ),
        "it": (
            "passaporto, numero di passaporto, numero del passaporto, numero del documento, numero di "
            "documento, documento di viaggio, pagina dei dati, pagina anagrafica"
        ),
        "nl": "paspoort, paspoortnummer, reisdocument, documentnummer",
        "pl": "paszport, numer paszportu, dokument podróży, numer dokumentu",
        "sv": "passnummer, passnumret, resedokument, dokumentnummer",
    },
    "id": {
        "en": (
            "national id, id card, identity card, id number, social security number, personal number, "
            "personal identity number, citizen number, tax id, tax number, tax no, tax id number, id card number, "
            "identity card number, national id number, residence permit, driver's licence, driver's license, "
            "driving licence, driving license, driver licence, driver license, licence number, license number, "
            "dl, dl number, licence, license, doc no., document no."
        ),
        "pt": (
            "bilhete de identidade, cartão de cidadão, número de identificação, cpf, rg, nif, número de "
            "contribuinte, contribuinte, número fiscal, autorização de residência, carta de condução, carteira de "
            "motorista, cnh"
        ),
        "es": (
            "dni, nie, documento de identidad, cédula, número de identidad, nif, curp, rut, carnet de conducir, "
            "permiso de conducir, licencia de conducir"
        ),
        "fr": (
            "carte d'identité, numéro de sécurité sociale, cni, numéro d'identité, carte vitale, titre de "
            "séjour, permis de conduire"
        ),
        "de": (
            "personalausweis, ausweisnummer, ausweis, steuer-id, steuernummer, sozialversicherungsnummer, "
            "aufenthaltstitel, identifikationsnummer, führerschein, führerscheinnummer"
        ),
        "it": (
            "carta d'identità, codice fiscale, numero di identità, tessera sanitaria, permesso di soggiorno, "
            "patente, patente di guida"
        ),
        "nl": "rijbewijs, rijbewijsnummer, bsn, burgerservicenummer, identiteitskaart, id-kaart",
        "pl": "pesel, dowód osobisty, numer dowodu, prawo jazdy, numer prawa jazdy",
        "sv": "personnummer, körkort, körkortsnummer, id-kort, nationellt id-kort",
    },
}

# Words that join a cue to its value ("is", ":", "é", "est", "ist" …), beside the English ones the other
# scanners already know (language.secrets.values).
CONNECTORS = (
    "is, are, was, were, é, era, fica, es, est, c'est, était, ist, lautet, war, è, sono, são, son, sont, sind, "
    "says, reads, shows, diz, dice, dit, sagt, jest, är, blir, zijn"
)
# Between a value said first and its cue's name: the connectors above, a demonstrative ("X, that's my password",
# "X, c'est mon mot de passe") or "as" ("put X as my tax id", "uso X como contraseña").
BEFORE_JOINERS = (
    "that's, that is, this is, it's, it is, c'est, ça c'est, das ist, dies ist, esa es, esta es, eso es, essa é, "
    "esta é, isso é, questa è, quella è, as, als, como, comme, come"
)
# After a value said first and its cue's name, what may follow the name: the clause ends, a qualifier says what
# the secret is for ("… my password for the airline app"), or one of these (a conjunction, an adverb, a pronoun
# that starts the next clause). A noun would make the name part of another thing ("1Password is my password
# manager").
AFTER_NAME = (
    "and, but, so, too, also, btw, please, thanks, again, here, now, e, y, et, und, ma, pero, mais, aber, mas, "
    "agora, ahora, maintenant, jetzt, ora, adesso, también, também, aussi, auch, anche, i, we, you, it, that, "
    "which, eu, yo, je, ich, io"
)
# "Now" said where a changed secret's new value comes: "mudei a senha, agora é …", "ich habe das Passwort
# geändert, jetzt ist es …".
NOW_WORDS = (
    "now, agora, ahora, maintenant, désormais, jetzt, nun, ora, adesso, ya, já, then, luego, dann, alors, poi, "
    "depois, después"
)
# Words between a secret's name and its value that say it changed ("contraseña nueva X", "new password: X").
NEW_WORDS = (
    "new, nueva, nuevo, nova, novo, nouveau, nouvel, nouvelle, neue, neues, neuer, neu, nuova, nuovo, "
    "temporary, temporal, temporária, temporário, temporaire, provisoire, provisória, provisório, provisional, "
    "vorläufiges, temporäres, temporanea, temporaneo, provvisoria, provvisorio, current, actual, atual, "
    "actuelle, actuel, aktuelle, aktuelles, attuale"
)
# Before a cue when the value comes first ("Lua!2024 é a minha senha", "4821 ist meine PIN").
POSSESSIVES = (
    "my, the, our, a minha, o meu, minha, meu, a, o, mi, el, la, mon, ma, le, mein, meine, meinen, das, der, die, "
    "il mio, la mia, il, nostra, nostro, notre, nuestra, nuestro, unsere, unser, your, seu, sua, o seu, a sua, "
    "tu, su, ton, ta, votre, dein, deine, ihr, ihre, il tuo, la tua, il suo, la sua, mijn, moje, mój, moja, "
    "min, mitt"
)
# Words between a cue and its connector that say what the secret is for ("senha do wifi é …").
QUALIFIERS = (
    "for, to, of, on, at, de, do, da, dos, das, del, de la, du, des, della, dello, di, für, fürs, vom, von, "
    "zum, zur, ins, am, beim, per, pour, para, no, na, en, im, al, a la, au, à, à la, ao, alla, all', dell', "
    "aus, via, by, from, in, with, per il, per la, pro, van, voor, dla, för, till, på"
)
# Said around a document number whose kind word is missing ("C01X00T47, expires 2031, issued in Berlin").
DOCUMENT_CONTEXT = (
    "expires, expiry, expiry date, valid until, valid till, issued, issued in, issued on, date of issue, "
    "place of issue, nationality, validade, emitido, emissão, nacionalidade, caducidad, caduca, vence, "
    "expedido, expedición, nacionalidad, expire, expiration, délivré, nationalité, gültig bis, ablaufdatum, "
    "ausgestellt, staatsangehörigkeit, scadenza, scade, rilasciato, rilascio, nazionalità, document, documento, "
    "dokument, apis, date of birth, dob, data de nascimento, fecha de nacimiento, date de naissance, "
    "geburtsdatum, data di nascita"
)


@cache
def _after_name() -> re.Pattern[str]:
    return re.compile(
        rf"\s*(?:$|[^\w\s]|(?:{alternation_of(QUALIFIERS, AFTER_NAME)})(?:(?<=['’])|(?![\w'’-])))",
        re.I,
    )


def name_closes(text: str, pos: int) -> bool:
    """Whether a secret's name ending at ``pos`` closes its phrase (the clause ends, or a qualifier or one of
    :data:`AFTER_NAME` follows), so a value said before it is its value: "Gelato!2005 - that's my password for
    the app", not "1Password is my password manager"."""
    return _after_name().match(text, pos) is not None
