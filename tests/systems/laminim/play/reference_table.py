"""An independent reference of LAMINIM at the table (docs/rules.md §1.2-§1.7, D4, D5, D8, D20),
written for the tests from the rules text alone: plain dicts, no code shared with
``builder/systems/laminim/rules`` — only the catalog's numbers (read from its YAML here).

It also writes the scripts it checks: ``ScriptedGame`` plays a random but legal game between two
random teams, rolling every die itself, and gives the actions (with every face) the record is
then asked to apply; the record's states must be the reference's.
"""

from __future__ import annotations

import copy
import math
import random
from pathlib import Path
from typing import Any

import yaml

CATALOG = Path(__file__).parents[4] / "parts_catalog" / "laminim"


def catalog() -> tuple[dict[str, dict], dict[str, dict]]:
    frames = yaml.safe_load((CATALOG / "frames.yaml").read_text(encoding="utf-8"))["frames"]
    weapons = yaml.safe_load((CATALOG / "weapons.yaml").read_text(encoding="utf-8"))["weapons"]
    return {f["id"]: f for f in frames}, {w["id"]: w for w in weapons}


FRAMES, WEAPONS = catalog()


def new_unit(uid: int, side: int, name: str, frame: str, weapons: list[str | None]) -> dict:
    slots = []
    for wid in [*weapons, None, None, None][:3]:
        if wid is None:
            slots.append(None)
            continue
        w = WEAPONS[wid]
        guard = (w.get("abilities") or {}).get("guard")
        slots.append(
            {
                "id": wid,
                "type": w["type"],
                "max": w["durability"],
                "now": w["durability"],
                "power": w.get("power", 0),
                "attacks": w.get("attacks", 0),
                "ammo": w.get("ammo"),
                "per": w.get("ammo_per_attack", 0),
                "guard": None if guard is None else (tuple(guard["faces"]), guard["reduction"]),
                "broken": False,
            }
        )
    return {
        "id": uid,
        "side": side,
        "name": name,
        "frame": FRAMES[frame]["durability"],
        "fmax": FRAMES[frame]["durability"],
        "slots": slots,
        "gone": False,
        "zuzzer": False,
        "centre": None,
        "fired": set(),
        "single": None,
    }


class Reference:
    """The table as the rules text says it goes."""

    def __init__(self, units: list[dict]) -> None:
        self.units = {u["id"]: u for u in units}
        self.tokens: list[dict] = []
        self.launched = 0
        self.round = 1
        self.over = False

    # -- location checks (§1.3, D4) --

    def part_of(self, unit: dict, face: int) -> int | None:
        """0 frame, 1-3 slot, None: nothing there; a guarding shield takes its faces."""
        if face <= 3:
            part: int | None = 0
        else:
            slot = unit["slots"][face - 4]
            part = face - 3 if slot is not None and not slot["broken"] else None
        if part is None:
            return None
        for i, slot in enumerate(unit["slots"]):
            guards = slot and not slot["broken"] and slot["guard"] and face in slot["guard"][0]
            if guards and part != i + 1:
                return i + 1
        return part

    def hit(self, unit: dict, face: int, power: int) -> None:
        part = self.part_of(unit, face)
        if part is None:
            return
        if part == 0:
            unit["frame"] -= power
            return
        slot = unit["slots"][part - 1]
        cut = slot["guard"][1] if slot["guard"] else 0
        slot["now"] -= max(0, power - cut)

    # -- actions --

    def proposed(self, by: int, slot: int, target: int | None, single: bool) -> int:
        a = self.units[by]
        aim = int(not a["zuzzer"]) + int(target is None or not self.units[target]["zuzzer"])
        return aim + (2 if single or a["single"] == slot else 0)

    def attack(self, by, slot, target, token, bonus, blockers, hits, locations) -> None:
        a = self.units[by]
        w = a["slots"][slot]
        if w["ammo"] is not None:
            w["ammo"] -= w["per"]
        a["fired"].add(slot)
        table = ["miss"] * 6
        good = max(0, min(6, 1 + bonus))
        for f in range(7 - good, 7):
            table[f - 1] = "target"
        face = 1
        for i, b in enumerate(blockers):
            for _ in range(2 if b.get("line") == "centre" else 1):
                if face <= 6:
                    table[face - 1] = i
                    face += 1
        locs = iter(locations)
        for f in hits:
            what = table[f - 1]
            if what == "miss":
                continue
            if what == "target":
                kind, ref = ("unit", target) if target is not None else ("token", token)
            else:
                b = blockers[what]
                kind = next(k for k in ("unit", "token", "obstacle") if k in b)
                ref = b[kind]
            if kind == "unit":
                self.hit(self.units[ref], next(locs), w["power"])
            elif kind == "token":
                found = [t for t in self.tokens if t["id"] == ref]
                if found:
                    found[0]["count"] -= 1
                    if found[0]["count"] == 0:
                        self.tokens.remove(found[0])

    def launch(self, by: int, slot: int, target: int) -> str:
        a = self.units[by]
        w = a["slots"][slot]
        w["ammo"] -= w["per"]
        a["fired"].add(slot)
        self.launched += 1
        tid = f"T{self.launched}"
        self.tokens.append(
            {
                "id": tid,
                "owner": by,
                "slot": slot,
                "target": target,
                "count": w["attacks"],
                "power": w["power"],
            }
        )
        return tid

    def contact(self, token: str, unit: int, locations: list[int]) -> None:
        t = next(t for t in self.tokens if t["id"] == token)
        for face in locations:
            self.hit(self.units[unit], face, t["power"])
        self.tokens.remove(t)

    def end_round(self, roll) -> list[int]:
        """2-4c with dice from ``roll()``; returns the faces used, in the documented order."""
        used: list[int] = []

        def die() -> int:
            used.append(roll())
            return used[-1]

        for uid in sorted(self.units):
            u = self.units[uid]
            if u["gone"]:
                continue
            while True:
                wave = [0] if u["frame"] <= 0 else []
                wave += [
                    i + 1
                    for i, s in enumerate(u["slots"])
                    if s and not s["broken"] and s["now"] <= 0
                ]
                if not wave:
                    break
                for part in wave:
                    if part:
                        u["slots"][part - 1]["broken"] = True
                dying = 0 in wave
                for part in wave:
                    if not part:
                        continue
                    s = u["slots"][part - 1]
                    ones = sum(1 for _ in range(s["ammo"] or 0) if die() == 1)
                    if not dying:
                        for _ in range(ones):
                            self.hit(u, die(), s["power"])
                if dying:
                    u["gone"] = True
                    break
        for u in self.units.values():
            u["zuzzer"] = False
            u["fired"] = set()
            u["single"] = None
        sides = {u["side"] for u in self.units.values()}
        wiped = any(all(u["gone"] for u in self.units.values() if u["side"] == s) for s in sides)
        if self.round >= 6 or wiped:
            self.over = True
        else:
            self.round += 1
        return used

    # -- the score (§1.7, D6) --

    def score(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for u in self.units.values():
            if u["gone"]:
                out[u["id"]] = 0
                continue
            left = u["frame"] + sum(
                s["now"] for s in u["slots"] if s and not s["broken"] and s["now"] > 0
            )
            out[u["id"]] = max(0, left - math.floor(u["centre"] or 0))
        return out


def random_team(rng: random.Random, name: str) -> dict[str, Any]:
    units = []
    for k in range(3):
        frame = rng.choice(sorted(FRAMES))
        weapons = [rng.choice(sorted(WEAPONS)) for _ in range(rng.randint(1, 3))]
        while len(weapons) < 3 and rng.random() < 0.3:
            weapons.insert(rng.randrange(len(weapons) + 1), None)
        units.append({"name": f"{name} {k + 1}", "frame": frame, "weapons": weapons[:3]})
    return {"system": "laminim", "name": name, "units": units}


class ScriptedGame:
    """A random legal game: each round's actions (every face written) and the reference's state
    after it."""

    def __init__(self, seed: int, teams: list[dict]) -> None:
        self.rng = random.Random(seed)
        units = []
        for side, team in enumerate(teams, start=1):
            for u in team["units"]:
                units.append(new_unit(len(units) + 1, side, u["name"], u["frame"], u["weapons"]))
        self.ref = Reference(units)
        self.stack: list[Reference] = []

    def faces(self, n: int) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(n)]

    def alive(self, side: int | None = None, other_than: int | None = None) -> list[dict]:
        return [
            u
            for u in self.ref.units.values()
            if not u["gone"] and (side is None or u["side"] == side) and u["id"] != other_than
        ]

    def one(self) -> dict | None:
        """A random action the rules take, applied to the reference; None when none fits."""
        ref, rng = self.ref, self.rng
        choice = rng.random()
        if choice < 0.08 and self.stack:
            self.ref = self.stack.pop()
            return {"do": "undo"}
        before = copy.deepcopy(ref)
        action = self._action(choice)
        if action is not None:
            self.stack.append(before)
        return action

    def _action(self, choice: float) -> dict | None:
        ref, rng = self.ref, self.rng
        if choice < 0.15:
            u = rng.choice(self.alive())
            d = rng.choice([0, 1, 2, 3])
            u["zuzzer"] = d > 0
            return {"do": "zuzzer", "unit": u["id"], "distance": d, "direction": "left"}
        if choice < 0.22:
            u = rng.choice(self.alive())
            d = rng.choice([0, 1, 1.5, 2.5, 4])
            u["centre"] = d
            return {"do": "centre", "unit": u["id"], "distance": d}
        if choice < 0.36 and ref.tokens:
            t = rng.choice(ref.tokens)
            if rng.random() < 0.2 and len(ref.tokens) > 1:
                other = rng.choice([x for x in ref.tokens if x["id"] != t["id"]])
                ref.tokens = [x for x in ref.tokens if x["id"] not in (t["id"], other["id"])]
                return {"do": "contact", "token": t["id"], "other": other["id"]}
            victims = self.alive()
            victim = next((u for u in victims if u["id"] == t["target"]), rng.choice(victims))
            locations = self.faces(t["count"])
            ref.contact(t["id"], victim["id"], locations)
            return {"do": "contact", "token": t["id"], "unit": victim["id"], "locations": locations}
        # an attack or a launch by a unit that can still use a weapon
        shooters = []
        for u in self.alive():
            for i, s in enumerate(u["slots"]):
                if s is None or s["broken"] or s["type"] == "special":
                    continue
                if s["ammo"] is not None and s["ammo"] < s["per"]:
                    continue
                if u["single"] is not None and u["single"] != i:
                    continue
                shooters.append((u, i, s))
        if not shooters:
            return None
        u, i, s = rng.choice(shooters)
        enemies = self.alive(3 - u["side"])
        if not enemies:
            return None
        single = not u["fired"] and rng.random() < 0.3
        if single:
            u["single"] = i
        if s["type"] == "missile":
            target = rng.choice(enemies)["id"]
            ref.launch(u["id"], i, target)
            return {
                "do": "launch",
                "by": u["id"],
                "weapon": i + 1,
                "target": target,
                **({"single": True} if single else {}),
            }
        enemy_tokens = [t for t in ref.tokens if ref.units[t["owner"]]["side"] != u["side"]]
        at_token = s["type"] == "normal" and enemy_tokens and rng.random() < 0.3
        target = None if at_token else rng.choice(enemies)["id"]
        token = rng.choice(enemy_tokens)["id"] if at_token else None
        blockers = []
        others = [x for x in self.alive() if x["id"] not in (u["id"], target)]
        if others and rng.random() < 0.35:
            b = rng.choice(others)
            blockers.append({"unit": b["id"], "line": rng.choice(["band", "centre"])})
        spare = [t for t in ref.tokens if t["id"] != token]
        if spare and rng.random() < 0.25:
            blockers.append({"token": rng.choice(spare)["id"]})
        if rng.random() < 0.15:
            blockers.append({"obstacle": "wall", "line": "centre"})
        given = rng.random() < 0.5
        bonus = rng.randint(0, 5) if given else ref.proposed(u["id"], i, target, single)
        hits = self.faces(s["attacks"])
        # how many dice reach a unit: replay the table to count them (the reference's own rule)
        table = ["miss"] * 6
        good = max(0, min(6, 1 + bonus))
        for f in range(7 - good, 7):
            table[f - 1] = "target"
        face = 1
        for k, b in enumerate(blockers):
            for _ in range(2 if b.get("line") == "centre" else 1):
                if face <= 6:
                    table[face - 1] = k
                    face += 1
        reach = 0
        for f in hits:
            what = table[f - 1]
            if what == "target":
                reach += target is not None
            elif what != "miss":
                reach += "unit" in blockers[what]
        locations = self.faces(reach)
        ref.attack(u["id"], i, target, token, bonus, blockers, hits, locations)
        action = {"do": "attack", "by": u["id"], "weapon": i + 1}
        action.update({"target": target} if target is not None else {"token": token})
        if given:
            action["bonus"] = bonus
        if s["type"] == "melee":
            action["distance"] = 1
        if single:
            action["single"] = True
        if blockers:
            action["blockers"] = blockers
        action.update({"hits": hits, "locations": locations})
        return action

    def round_script(self) -> list[dict]:
        actions = []
        for _ in range(self.rng.randint(3, 9)):
            action = self.one()
            if action is not None:
                actions.append(action)
        dice = self.ref.end_round(lambda: self.rng.randint(1, 6))
        self.stack = []  # an undo across the end of a round is not scripted
        actions.append({"do": "end-round", "dice": dice})
        return actions
