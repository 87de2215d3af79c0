"""Fitted weights of the hard level's evaluation (:mod:`canasta.ai.evaluation`).

Written by ``scripts/fit_evaluation.py``; one weight per feature in
:data:`canasta.ai.evaluation.FEATURES` order, per number of players.
"""

EVALUATION_WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (
        0.8807,
        1.111,
        1.046,
        -0.9933,
        7.609,
        66.47,
        -54.23,
        -0.4671,
        34.76,
        66.74,
        110.1,
        170.5,
        101.5,
        127.1,
        1.024,
        -7.816,
        0,
        0,
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
