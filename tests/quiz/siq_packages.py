"""SIGame packages built for the tests as SIGame writes them: a ZIP with content.xml and the
media folders. ``SIGAME7`` is a version 5 package (what SIGame 7 / SIQuester 6 save): every
kind of question a host meets, askable or not; ``V4``, ``V3`` the older forms."""

from __future__ import annotations

import io
import zipfile
from urllib.parse import quote

V5_NS = "https://github.com/VladimirKhil/SI/blob/master/assets/siq_5.xsd"
V3_NS = "http://vladimirkhil.com/ygpackage3.0.xsd"

JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 60 + b"\xff\xd9"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 40
MP3 = b"ID3\x03\x00" + b"\x00" * 50
MP4 = b"\x00\x00\x00\x18ftypmp42" + b"\x00" * 40


def content(*items: str, part: str = "question") -> str:
    return f'<param name="{part}" type="content">{"".join(items)}</param>'


def item(text: str, kind: str = "", *, ref: bool = False, placement: str = "") -> str:
    attrs = f' type="{kind}"' if kind else ""
    attrs += ' isRef="True"' if ref else ""
    attrs += f' placement="{placement}"' if placement else ""
    return f"<item{attrs}>{text}</item>"


def options(**choices: str) -> str:
    inner = "".join(
        f'<param name="{label}" type="content"><item>{text}</item></param>'
        for label, text in choices.items()
    )
    kind = '<param name="answerType">select</param>'
    return f'{kind}<param name="answerOptions" type="group">{inner}</param>'


def question(price: int, params: str, right: str, *, kind: str = "", extra: str = "") -> str:
    attrs = f' type="{kind}"' if kind else ""
    return (
        f'<question price="{price}"{attrs}><params>{params}</params>{extra}'
        f"<right><answer>{right}</answer></right></question>"
    )


SIGAME7_THEMES: dict[str, list[str]] = {
    "Наука": [
        # 1 text with a picture; the answer's picture and explanation go with the answer
        question(
            100,
            content(item("Какой газ поглощают растения?"), item("Лист.jpg", "image", ref=True))
            + content(
                item("co2.png", "image", ref=True),
                item("Углекислый газ, CO₂."),
                part="answer",
            ),
            "Углекислый газ",
            extra="<info><comments>Фотосинтез.</comments></info>",
        ),
        # 2 multiple choice A-D, the right one named by its letter
        question(
            200,
            content(item("Сколько планет в Солнечной системе?"))
            + options(A="Семь", B="Восемь", C="Девять", D="Десять"),
            "B",
        ),
        # 3 the host's spoken line, not on the screen
        question(
            300,
            content(
                item("Прочитаю медленно, слушайте внимательно.", placement="replic"),
                item("Самая лёгкая частица из перечисленных?"),
            ),
            "Электрон",
        ),
        # 4 audio, playing in the background
        question(
            400,
            content(
                item("Что за инструмент?"),
                item("скрипка.mp3", "audio", ref=True, placement="background"),
            ),
            "Скрипка",
        ),
        # 5 video only
        question(500, content(item("opyt.mp4", "video", ref=True)), "Реакция"),
    ],
    "Особые": [
        # 1 a cat in a bag with no question of its own: skipped
        '<question price="300" type="secretNoQuestion"><params><param name="theme">Подарок'
        '</param><param name="price" type="numberSet"><numberSet minimum="300" maximum="300"/>'
        "</param></params><right><answer /></right></question>",
        # 2 a cat in a bag with its own theme: taken, in that theme
        question(
            400,
            '<param name="theme">Кот в мешке</param>' + content(item("Столица Австралии?")),
            "Канберра",
            kind="secret",
        ),
        # 3 for everybody, answered on the players' own devices: skipped
        question(
            500,
            content(item("Напишите любое число")) + '<param name="answerType">client</param>',
            "42",
            kind="forAll",
        ),
        # 4 a point on a picture: skipped
        question(
            600,
            content(item("Где Москва?"), item("map.png", "image", ref=True))
            + '<param name="answerType">point</param>',
            "0.5,0.5",
        ),
        # 5 the v5 script form: a select shown step by step, the answer's picture after
        '<question price="700" type="custom"><script>'
        '<step type="setAnswerType"><param name="type">select</param>'
        '<param name="options" isRef="True">answerOptions</param></step>'
        '<step type="showContent"><param name="content" isRef="True">question</param></step>'
        '<step type="askAnswer"><param name="mode">button</param></step>'
        '<step type="showContent"><param name="content" isRef="True">answer</param></step>'
        "</script><params>"
        + content(item("Кто написал «Войну и мир»?"))
        + '<param name="answerOptions" type="group">'
        '<param name="A" type="content"><item>Пушкин</item></param>'
        '<param name="B" type="content"><item>Толстой</item></param>'
        '<param name="C" type="content"><item>Гоголь</item></param></param>'
        + content(item("tolstoy.jpg", "image", ref=True), part="answer")
        + "</params><right><answer>B</answer></right></question>",
        # 6 a stake (auction): the stake is SIGame's, the question is asked as usual
        question(800, content(item("Год основания Москвы?")), "1147", kind="stake"),
        # 7 a choice that is a picture: skipped
        question(
            900,
            content(item("Какой флаг у Франции?"))
            + '<param name="answerType">select</param><param name="answerOptions" type="group">'
            '<param name="A" type="content"><item type="image" isRef="True">fr.png</item></param>'
            '<param name="B" type="content"><item type="image" isRef="True">it.png</item></param>'
            "</param>",
            "A",
        ),
        # 8 a picture the package does not hold: skipped
        question(100, content(item("Чей портрет?"), item("нет.jpg", "image", ref=True)), "Ничей"),
    ],
}

SIGAME7_FILES = {
    f"Images/{quote('Лист.jpg')}": JPEG,  # SIGame %-encodes names in the archive
    "Images/co2.png": PNG,
    f"Audio/{quote('скрипка.mp3')}": MP3,
    "Video/opyt.mp4": MP4,
    "Images/tolstoy.jpg": JPEG,
    "Images/map.png": PNG,
    "Images/fr.png": PNG,
    "Images/it.png": PNG,
}


def v5_content(themes: dict[str, list[str]], *, final: str = "") -> str:
    body = "".join(
        f'<theme name="{name}"><questions>{"".join(qs)}</questions></theme>'
        for name, qs in themes.items()
    )
    rounds = f'<round name="Первый раунд"><themes>{body}</themes></round>{final}'
    return (
        '<?xml version="1.0" encoding="utf-8"?>'
        f'<package name="Школьный кубок" version="5" id="3f2a" date="01.09.2026" difficulty="5" '
        f'logo="@logo.png" xmlns="{V5_NS}"><tags><tag>Школа</tag></tags>'
        "<info><authors><author>Клуб</author></authors></info>"
        f"<rounds>{rounds}</rounds></package>"
    )


SIGAME7 = v5_content(SIGAME7_THEMES)

V4 = f"""<?xml version="1.0" encoding="utf-8"?>
<package name="Финал" version="4" id="6a3c" date="01.02.2024" difficulty="5" xmlns="{V3_NS}">
  <info><authors><author>Quiz club</author></authors></info>
  <rounds>
    <round name="Первый раунд">
      <themes>
        <theme name="История">
          <questions>
            <question price="100">
              <scenario>
                <atom type="say">Вопрос для разминки.</atom>
                <atom>Кто основал Санкт-Петербург?</atom>
                <atom type="marker"/>
                <atom>Пётр I, в 1703 году.</atom>
              </scenario>
              <right><answer>Пётр I</answer><answer>Петр Первый</answer></right>
              <wrong><answer>Екатерина II</answer></wrong>
              <info><comments>Основан в 1703 году.</comments></info>
            </question>
            <question price="200">
              <type name="cat">
                <param name="theme">Полководцы</param><param name="cost">300</param>
              </type>
              <scenario>
                <atom>Чей это портрет?</atom>
                <atom type="image">@Портрет.jpg</atom>
                <atom type="marker"/>
                <atom type="voice">@anthem.mp3</atom>
              </scenario>
              <right><answer>Суворов</answer></right>
            </question>
            <question price="300">
              <type name="bagcat">
                <param name="theme">Подарок</param><param name="cost">0</param>
                <param name="self">true</param><param name="knows">never</param>
              </type>
              <scenario><atom>—</atom></scenario>
              <right><answer>—</answer></right>
            </question>
          </questions>
        </theme>
        <theme name="География">
          <questions>
            <question price="100">
              <scenario><atom type="text">Самая длинная река?</atom></scenario>
              <right><answer>Нил</answer></right>
            </question>
            <question price="200">
              <scenario><atom type="image">@map.png</atom></scenario>
              <right><answer>Байкал</answer></right>
            </question>
          </questions>
        </theme>
      </themes>
    </round>
    <round name="Финал" type="final">
      <themes><theme name="Музыка"><questions>
        <question price="0">
          <scenario>
            <atom type="video">https://example.org/clip.mp4</atom><atom>Композитор?</atom>
          </scenario>
          <right><answer>Чайковский</answer></right>
        </question>
      </questions></theme></themes>
    </round>
  </rounds>
</package>
"""
V4_FILES = {f"Images/{quote('Портрет.jpg')}": JPEG, "Audio/anthem.mp3": MP3, "Images/map.png": PNG}

V3 = f"""<?xml version="1.0" encoding="utf-8"?>
<package name="Old" version="3" xmlns="{V3_NS}"><rounds><round name="R"><themes>
<theme name="Кино"><questions>
<question price="10"><type name="auction"/><scenario><atom>Режиссёр «Соляриса»?</atom>
</scenario><right><answer>Тарковский</answer></right></question>
<question price="20"><type name="sponsored"/><scenario><atom>Кадр из какого фильма?</atom>
<atom type="image">@kadr 1.jpg</atom></scenario><right><answer>Сталкер</answer></right>
</question>
<question price="30"><type name="bagcat"><param name="knows">after</param>
<param name="theme">Музыка кино</param></type><scenario><atom>Композитор «Сталкера»?</atom>
</scenario><right><answer>Артемьев</answer></right></question>
</questions></theme></themes></round></rounds></package>
"""
V3_FILES = {"Images/kadr 1.jpg": JPEG}  # a name stored as written, with its space


def package(text: str | bytes | None, files: dict[str, bytes] | None = None) -> bytes:
    """A .siq archive: content.xml, SIGame's bookkeeping files, and the media given."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        if text is not None:
            archive.writestr("content.xml", text)
        archive.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        archive.writestr("Texts/authors.xml", '<?xml version="1.0"?><Authors/>')
        for name, data in (files or {}).items():
            archive.writestr(name, data)
    return buffer.getvalue()


# Media named as Russian authors name them: Cyrillic names of 20+ letters, which SIGame stores
# %-encoded in the archive (each letter six characters: a path of 150-250 characters).
LONG_NAMES = {
    "image": "Ливанский кедр обыкновенный в горах.png",
    "audio": "Государственный гимн Ливанской Республики.mp3",
    "video": "Извержение вулкана Эйяфьядлайёкюдль весной.mp4",
    "answer": "Древесина ливанского кедра под микроскопом.jpg",
}
LONG_NAMES_THEMES = {
    "Деревья и страны": [
        question(
            100,
            content(item("Какое дерево на флаге?"), item(LONG_NAMES["image"], "image", ref=True))
            + content(item(LONG_NAMES["answer"], "image", ref=True), part="answer"),
            "Кедр",
        ),
        question(
            200,
            content(item("Чей это гимн?"), item(LONG_NAMES["audio"], "audio", ref=True)),
            "Ливана",
        ),
        question(300, content(item(LONG_NAMES["video"], "video", ref=True)), "Исландия"),
    ]
}
LONG_NAMES_FILES = {
    f"Images/{quote(LONG_NAMES['image'])}": PNG,
    f"Audio/{quote(LONG_NAMES['audio'])}": MP3,
    f"Video/{quote(LONG_NAMES['video'])}": MP4,
    f"Images/{quote(LONG_NAMES['answer'])}": JPEG,
}
LONG_NAMES_V4 = (
    '<?xml version="1.0" encoding="utf-8"?><package name="Портреты" version="4">'
    '<rounds><round name="Р"><themes><theme name="Полководцы"><questions>'
    '<question price="100"><scenario><atom>Кто это?</atom>'
    '<atom type="image">@Портрет Александра Васильевича Суворова.jpg</atom></scenario>'
    "<right><answer>Суворов</answer></right></question>"
    "</questions></theme></themes></round></rounds></package>"
)
LONG_NAMES_V4_FILES = {f"Images/{quote('Портрет Александра Васильевича Суворова.jpg')}": JPEG}

# Empty places on the board, as SIQuester saves them: price -1 (an empty slot), and a
# question the author left unfilled (no content, no answer).
EMPTY_SLOT = '<question price="-1"><type name="" /><right /></question>'
UNFILLED = '<question price="500"><params /><right /></question>'
EMPTY_SLOTS_THEMES = {
    "Табло": [
        question(100, content(item("Сколько будет 2+2?")), "4"),
        EMPTY_SLOT,
        question(300, content(item("Столица Перу?")), "Лима"),
        EMPTY_SLOT,
        UNFILLED,
    ],
    "Пустая тема": [EMPTY_SLOT, EMPTY_SLOT],
}


def secret(price: int, low: int, high: int, text: str, right: str, *, kind: str = "secret") -> str:
    """A cat in a bag (v5): its own theme and its price, fixed (low = high) or picked."""
    own = (
        '<param name="theme">Кот в мешке</param><param name="price" type="numberSet">'
        f'<numberSet minimum="{low}" maximum="{high}" step="0" /></param>'
    )
    return question(price, own + content(item(text)), right, kind=kind)


# Every kind of SIGame question that has a price rule of its own.
PRICED_THEMES = {
    "Цены": [
        question(100, content(item("Простой вопрос?")), "Простой"),
        question(200, content(item("Вопрос без риска?")), "Без риска", kind="noRisk"),
        secret(300, 700, 700, "Кот с ценой 700?", "Кот"),
        secret(400, 100, 1000, "Кот, цену которого выбирают?", "Выбор"),
        question(500, content(item("Вопрос со ставкой?")), "Ставка", kind="stake"),
        question(600, content(item("Вопрос для всех?")), "Все", kind="forAll"),
        question(0, content(item("Бесплатный вопрос?")), "Даром"),
    ]
}
PRICED_FINAL = (
    '<round name="Финал" type="final"><themes><theme name="Финал"><questions>'
    + question(0, content(item("Финальный вопрос?")), "Финал", kind="stakeAll")
    + "</questions></theme></themes></round>"
)
PRICED_V4 = (
    '<?xml version="1.0" encoding="utf-8"?><package name="Старый" version="4">'
    '<rounds><round name="Р"><themes><theme name="Т"><questions>'
    '<question price="100"><type name="cat"><param name="theme">Кошки</param>'
    '<param name="cost">300</param></type><scenario><atom>Кот за 300?</atom></scenario>'
    "<right><answer>Да</answer></right></question>"
    '<question price="200"><type name="sponsored"/><scenario><atom>Без риска?</atom>'
    "</scenario><right><answer>Да</answer></right></question>"
    '<question price="300"><type name="auction"/><scenario><atom>Аукцион?</atom>'
    "</scenario><right><answer>Да</answer></right></question>"
    '<question price="400"><type name="bagcat"><param name="cost">0</param>'
    '<param name="knows">after</param></type><scenario><atom>Кот, цена на выбор?</atom>'
    "</scenario><right><answer>Да</answer></right></question>"
    "</questions></theme></themes></round></rounds></package>"
)
