"""Tweens, easing, the Animator clock and the Scheduler."""

import pytest

from canasta.ui.tween import (
    EASINGS,
    Animator,
    Scheduler,
    Tween,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    linear,
)


class Obj:
    def __init__(self) -> None:
        self.x = 0.0
        self.y = 10.0
        self.color = (0, 0, 0)


@pytest.mark.parametrize("easing", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back])
def test_easing_endpoints(easing):
    assert easing(0.0) == pytest.approx(0.0)
    assert easing(1.0) == pytest.approx(1.0)


def test_easing_shapes():
    assert linear(0.25) == 0.25
    assert ease_out_cubic(0.5) == pytest.approx(0.875)
    assert ease_in_out_cubic(0.5) == pytest.approx(0.5)
    assert ease_in_out_cubic(0.25) == pytest.approx(0.0625)
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.05  # overshoots
    assert set(EASINGS) == {"linear", "ease_out_cubic", "ease_in_out_cubic", "ease_out_back"}


def test_tween_reaches_target_exactly():
    obj = Obj()
    tween = Tween(obj, 0.5, easing=linear, x=100, y=-10)
    assert not tween.step(0.25)
    assert obj.x == pytest.approx(50.0)
    assert obj.y == pytest.approx(0.0)
    assert tween.step(0.3)
    assert (obj.x, obj.y) == (100, -10)
    assert tween.done


def test_tween_tuple_attribute():
    obj = Obj()
    Tween(obj, 1.0, easing=linear, color=(200, 100, 50)).step(0.5)
    assert obj.color == pytest.approx((100.0, 50.0, 25.0))


def test_delay_reads_start_value_when_it_starts():
    obj = Obj()
    tween = Tween(obj, 1.0, delay=0.5, easing=linear, x=10)
    tween.step(0.4)
    assert obj.x == 0.0 and not tween.started
    obj.x = 4.0  # changed during the delay: the tween starts from here
    tween.step(0.2)  # 0.1 s into the movement
    assert obj.x == pytest.approx(4.0 + 6.0 * 0.1)


def test_animator_moves_only_on_tick():
    animator = Animator()
    obj = Obj()
    animator.animate(obj, 0.2, easing=linear, x=20)
    assert obj.x == 0.0 and animator.busy
    animator.tick(0.1)
    assert obj.x == pytest.approx(10.0)
    animator.tick(0.0)
    assert obj.x == pytest.approx(10.0)
    animator.tick(0.1)
    assert obj.x == 20 and not animator.busy


def test_on_done_and_when_idle_order():
    animator = Animator()
    obj = Obj()
    calls: list[str] = []
    animator.animate(obj, 0.1, x=1, on_done=lambda: calls.append("a"))
    animator.animate(obj, 0.3, y=1, on_done=lambda: calls.append("b"))
    animator.when_idle(lambda: calls.append("idle"))
    animator.tick(0.2)
    assert calls == ["a"]
    animator.tick(0.2)
    assert calls == ["a", "b", "idle"]


def test_chained_animation_from_on_done():
    animator = Animator()
    obj = Obj()
    animator.animate(obj, 0.1, x=5, on_done=lambda: animator.animate(obj, 0.1, x=0))
    animator.tick(0.1)
    assert obj.x == 5 and animator.busy
    animator.tick(0.1)
    assert obj.x == 0 and not animator.busy


def test_new_tween_takes_over_attribute():
    animator = Animator()
    obj = Obj()
    first = animator.animate(obj, 1.0, easing=linear, x=100, y=0)
    animator.animate(obj, 1.0, easing=linear, x=-100)
    assert "x" not in first.targets and "y" in first.targets
    animator.tick(1.0)
    assert obj.x == -100 and obj.y == 0


def test_cancel_and_finish():
    animator = Animator()
    a, b = Obj(), Obj()
    done: list[int] = []
    animator.animate(a, 1.0, x=50, on_done=lambda: done.append(1))
    animator.animate(b, 1.0, x=70)
    assert animator.cancel(a) == 1
    animator.tick(0.5)
    assert a.x == 0.0 and animator.is_animating(b) and not animator.is_animating(a)
    animator.cancel(b, finish=True)
    assert b.x == 70 and not animator.busy and done == []
    animator.animate(a, 1.0, x=9, on_done=lambda: done.append(2))
    animator.finish_all()
    assert a.x == 9 and done == [2]


def test_scheduler_call_later_and_every():
    clock = Scheduler()
    calls: list[str] = []
    clock.call_later(0.8, lambda: calls.append("later"))
    tick = clock.call_every(0.5, lambda: calls.append("every"))
    clock.tick(0.5)
    assert calls == ["every"]
    clock.tick(0.3)
    assert calls == ["every", "later"]
    clock.tick(0.2)
    assert calls == ["every", "later", "every"]
    tick.cancel()
    clock.tick(5.0)
    assert calls == ["every", "later", "every"] and clock.pending == 0


def test_scheduler_runs_due_timers_in_time_order():
    clock = Scheduler()
    calls: list[int] = []
    clock.call_later(0.3, lambda: calls.append(3))
    clock.call_later(0.1, lambda: calls.append(1))
    clock.call_later(0.2, lambda: calls.append(2))
    clock.tick(1.0)
    assert calls == [1, 2, 3]


def test_animator_call_later_uses_same_clock():
    animator = Animator()
    fired: list[bool] = []
    animator.call_later(0.45, lambda: fired.append(True))
    animator.tick(0.4)
    assert fired == [] and not animator.busy  # timers do not make the animator busy
    animator.tick(0.05)
    assert fired == [True]


def test_scheduler_cancel_by_callback():
    clock = Scheduler()
    calls: list[int] = []

    def step() -> None:
        calls.append(1)

    clock.call_later(0.1, step)
    clock.call_later(0.2, step)
    assert clock.cancel(step) == 2
    clock.tick(1.0)
    assert calls == []
