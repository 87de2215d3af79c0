"""Fitted weights of the hard level's evaluation (:mod:`canasta.ai.evaluation`).

Written by ``scripts/fit_evaluation.py``; one weight per feature in
:data:`canasta.ai.evaluation.FEATURES` order, per number of players.
"""

EVALUATION_WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (
        0.769,
        1.073,
        1.013,
        -1.228,
        5.479,
        -45.02,
        37.34,
        23.96,
        58.96,
        101.2,
        18.4,
        75.77,
        96.97,
        55,
        0.7736,
        -110.9,
        70.53,
        -65.11,
    ),
    4: (
        1.521,
        0.8692,
        0.971,
        -1.218,
        2.566,
        4.116,
        0.09992,
        31.6,
        26.06,
        106,
        50.92,
        22.53,
        70.72,
        -39.01,
        3.077,
        -127.6,
        0,
        0,
    ),
}
