#!/usr/bin/env python3
"""Writes week/YYYY-MM-DD.json: a made-up week of Penn menus in the shape of the real
body (../penn/penn-mobile_backend_menus-api_2022-10-04.json), 2026-03-05..11 in
America/New_York, for the cases one real day lacks: three venues, a meal past midnight
every night at Hill House, the spring-forward night 2026-03-07/08 (02:00 does not
exist), menus in the database's order (not by time), empty stations, "Ask Us" and empty
allergens, an unknown label (Sulfites), a plain-string nutrition_info, and one item whose
text carries an escape sequence and a right-to-left override.
Run from this directory; the output is committed."""
import datetime, json

DAYS = [datetime.date(2026, 3, 5) + datetime.timedelta(days=n) for n in range(7)]

def offset(date):
    return "-04:00" if date >= datetime.date(2026, 3, 8) else "-05:00"

def item(item_id, name, allergens, description="", ingredients="", nutrition=None):
    return {"item_id": item_id, "name": name, "description": description, "ingredients": ingredients,
            "allergens": allergens,
            "nutrition_info": nutrition if nutrition is not None else {"Calories": "250", "Serving Size": "4oz"}}

VENUES = {593: "1920 Commons", 636: "Hill House", 1442: "Lauder College House"}

def meals(date):
    weekend = date.weekday() >= 5
    n = date.day
    out = []
    commons = [
        ("Dinner", "17:00", "20:00", [("grill", [item(1000 + n, "cheeseburger", "Wheat/Gluten, Milk, Sesame")]),
                                      ("vegan", [item(2000 + n, "lentil stew", "Vegan, Soy",
                                                      ingredients="lentils, onion, garlic, onion, cumin")]),
                                      ("expo", [])]),
        ("Breakfast", "07:30", "10:30", [("breakfast grill", [item(3000 + n, "scrambled eggs", "Vegetarian, Farm to Fork, Egg"),
                                                              item(3100 + n, "turkey bacon", "")])]),
        ("Lunch", "11:00", "14:30", [("pizza", [item(4000 + n, "Margherita pizza", "Vegetarian, Wheat/Gluten, Milk")]),
                                     ("salad bar", [item(4100 + n, "garden salad", "Vegan",
                                                         nutrition="See the nutrition board")])]),
    ]
    out += [(593, m) for m in commons]
    hill = [
        ("Late Night", "22:00", "02:00", [("pizza", [item(5000 + n, "Pepperoni Pizza", "Wheat/Gluten, Milk")])]),
        ("Dinner", "17:00", "20:00", [("flavors", [item(6000 + n, "chicken tikka masala" if n in (6, 9) else "roast chicken",
                                                        "Halal, Milk, Tree Nut, Sulfites")]),
                                      ("kettles", [item(6100 + n, "miso soup", "Ask Us")])]),
    ]
    if weekend:
        hill.append(("Brunch", "10:00", "14:00", [("grill", [item(7000 + n, "salmon hash", "Seafood Watch, Fish")])]))
    out += [(636, m) for m in hill]
    if not weekend:
        hostile = "\u001b]0;pwned\u0007spicy \u202etofu\u202c bowl"
        out.append((1442, ("Dinner", "17:00", "20:00", [("wok", [item(8000 + n, hostile, "Vegan, Soy, Peanut",
                                                                     description="with \u001b[31mred\u001b[0m chili\nand lime")])])))
    menus = []
    for position, (venue, (service, start, end, stations)) in enumerate(out):
        menus.append({
            "id": n * 100 + position,
            "venue": {"venue_id": venue, "name": VENUES[venue], "image_url": "https://example.invalid/%d.jpg" % venue},
            "stations": [{"name": name, "items": items} for name, items in stations],
            "date": date.isoformat(),
            "start_time": "%sT%s:00%s" % (date.isoformat(), start, offset(date)),
            "end_time": "%sT%s:00%s" % (date.isoformat(), end, offset(date)),
            "service": service,
        })
    return menus

for date in DAYS:
    with open("week/%s.json" % date.isoformat(), "w") as f:
        json.dump(meals(date), f, indent=1, ensure_ascii=False)
        f.write("\n")
