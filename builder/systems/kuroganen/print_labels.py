"""Printed words of the kuroganen reference and map sheets, English and Japanese.

The rules text restates docs/rules.md §4 (seed 003) and the planner's decisions D16–D18.
"""

from __future__ import annotations

from builder.core.i18n import Labels, Lang

LABELS = Labels.load(__file__, "print_labels.yaml")

SECTIONS: dict[Lang, list[tuple[str, list[str]]]] = {
    "en": [
        (
            "Levels",
            [
                "A level is about one unit's height (~60 mm). Height differences under one "
                "level count as none.",
                "Half levels (0.5) model slopes and rubble: 1 → 1.5 → 2 is climbed step by "
                "step with no climbing cost, since no single step rises a whole level.",
                "Rules that depend on height apply when the difference is one level or more.",
            ],
        ),
        (
            "Climbing",
            [
                "Up 1 level (1 to 1.5): +1 movement on top of the step (a one-level step costs 2).",
                "2 or more levels up cannot be climbed, however much movement is left.",
            ],
        ),
        (
            "Falling",
            [
                "Moving onto lower ground is a fall: +1 risk per whole level fallen "
                "(under 1 level: none).",
                "A fall at the end of a forced move (a push) adds 2 more risk.",
                "You choose where, and how often, to fall along your path.",
            ],
        ),
        (
            "Jumping",
            [
                "Instead of stepping down, move straight ahead at your current height for "
                "2 or more cells, then fall. Each cell costs 1.",
                "Fly over pits, ditches, lower ground and other units; never land on a pit "
                "or a unit (unless stomping).",
                "During a jump you may climb 1 level (+1): a two-level wall can be reached "
                "from a ledge. 2 levels higher ends the run.",
                "A jump is straight: every turn of the path ends it with a fall.",
            ],
        ),
        (
            "Risk digestion",
            [
                "Each 1 of movement spent after risk has built up removes 1 risk (never below 0).",
                "Falling mid-move and walking on costs practically nothing; a fall at the "
                "very end of the move keeps all its risk.",
            ],
        ),
        (
            "Collision (stomp)",
            [
                "Ending a jump on top of a unit: the fall (+1 per level), then the collision: "
                "+2 risk to each unit.",
                "The faller is then placed on the nearest free spot; a placement is not "
                "movement and digests no risk. Seed example: +3 to you, +2 to the unit "
                "stomped.",
            ],
        ),
        (
            "Push",
            [
                "A pushed unit that falls: +2 (forced move) +1 per level, and +2 more if it "
                "lands on another unit. Seed example: 2 + 1 + 2 = 5 risk.",
            ],
        ),
        (
            "High ground",
            [
                "Attacking a unit on a lower level: the high-ground bonus.",
                'Attacking a unit on a higher level: no "fully visible" bonus (its feet '
                "are hidden).",
                "Range is measured horizontally only (vertical distance if the group "
                "agrees, e.g. among tall buildings).",
            ],
        ),
    ],
    "ja": [
        (
            "階層",
            [
                "ユニットの背丈ほどの高さ（約60mm）を1階層とする。1階層未満の差は同じ階層と"
                "見なす。",
                "0.5階層（スロープ・瓦礫）：1→1.5→2 と移動するとき、どの移動も差が1階層未満"
                "なので登攀のペナルティはない。",
                "高低差のルールは「1階層以上の差があるか」で判断する。",
            ],
        ),
        (
            "登攀",
            [
                "1つ上の階層（差1〜1.5）へは、移動に加えて距離1の移動力を消費して登る"
                "（1段の登攀は計2）。",
                "2階層以上上へは、どれだけ移動力があっても登れない。",
            ],
        ),
        (
            "落下",
            [
                "低い場所への移動は落下：落ちた階層1つにつきリスク+1（1階層未満はなし）。",
                "強制移動（プッシュ）の先で落下した場合、さらにリスク+2。",
                "経路上のどこで何度落下するかはプレイヤーが決める。",
            ],
        ),
        (
            "ジャンプ",
            [
                "降りる代わりに、今の高さのまま水平に2以上まっすぐ移動してから落下してよい。"
                "1マスにつき移動力1。",
                "穴・溝・低い地面・他のユニットを飛び越えられる。穴やユニットの上には着地"
                "しない（踏みつけを除く）。",
                "ジャンプ中に1階層の登攀ができる（+1）：足場を使えば2階層の壁にも届く。"
                "2階層以上高いマスでジャンプは止まる。",
                "ジャンプは直線のみ：経路を曲げるたびに落下を処理する。",
            ],
        ),
        (
            "リスクの消化",
            [
                "リスクが溜まった後に使った移動力1につき、リスクが1減る（0未満にはならない）。",
                "移動の途中で落下して歩き続ければ実質ノーリスク。移動の最後の落下はリスクが残る。",
            ],
        ),
        (
            "衝突（踏みつけ）",
            [
                "ユニットの頭上でジャンプを終える：落下（1階層につき+1）→ 衝突（双方にリスク+2）。",
                "落ちた側は最も近い空きマスへ配置する。配置は移動ではないのでリスクは減らない。"
                "例：自分+3、踏まれた側+2。",
            ],
        ),
        (
            "プッシュ",
            [
                "プッシュされて落下：強制移動+2、1階層につき+1、落下先にユニットがいれば"
                "さらに+2。例：2+1+2＝5。",
            ],
        ),
        (
            "高所",
            [
                "低い階層の敵への攻撃：高所ボーナスを得る。",
                "高い階層の敵への攻撃：「丸見えボーナス」は得られない（足元が見えないため）。",
                "射撃の距離は水平方向だけで数える（合意があれば縦方向も数えてよい）。",
            ],
        ),
    ],
}

TABLE: dict[Lang, tuple[list[str], list[list[str]]]] = {
    "en": (
        ["next cell", "walking", "jumping", "risk"],
        [
            ["same level, or up 0.5", "1", "1", "—"],
            ["up 1 to 1.5", "2 (climb)", "2, go on higher", "—"],
            ["up 2 or more", "blocked", "ends the run", "—"],
            ["down under 1", "1", "flown over", "none"],
            ["down d ≥ 1", "1", "flown over", "+⌊d⌋ on landing"],
            ["pit", "blocked", "1, flown over", "cannot land"],
            ["unit", "blocked", "1, flown over", "stomp: +2 each"],
        ],
    ),
    "ja": (
        ["移動先", "歩き", "ジャンプ", "リスク"],
        [
            ["同じ階層・0.5上", "1", "1", "—"],
            ["1〜1.5上", "2（登攀）", "2、高さを上げて続行", "—"],
            ["2以上上", "不可", "手前で止まる", "—"],
            ["1未満下", "1", "飛び越え", "なし"],
            ["d（1以上）下", "1", "飛び越え", "着地で+⌊d⌋"],
            ["穴", "不可", "1、飛び越え", "着地不可"],
            ["ユニット", "不可", "1、飛び越え", "踏みつけ：双方+2"],
        ],
    ),
}

TABLE_TITLE = ("Movement cost per cell (D16, D17)", "1マスごとの移動コスト（D16・D17）")

PLANNER_NOTE = (
    "Planner grid (laminim reach): square cells, orthogonal moves, risk digested 1 per movement "
    "after each action, least final risk per cell (ties: least movement).",
    "プランナー（laminim reach）：正方形のマス、縦横移動、各行動の後に移動力1ごとにリスク1を"
    "消化。各マスで最小の最終リスク（同じなら最小の移動力）。",
)


labels_for = LABELS.in_lang
"""Every label in ``lang`` as a plain dict for a template context."""
