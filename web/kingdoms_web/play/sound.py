"""Optional sound effects: dice, a card, the end of a game. Off by default (a tablet passed
round a table is often in a quiet room), switched on in Settings (:data:`SOUND_SETTING`).

Why synthesised and not recorded: a few lines of Web Audio make a dice rattle (short band-passed
noise bursts), a card's swish (a longer, falling one) and a two-note chime, with no audio files
to download or cache and nothing to license. What sounds follows from where the engine drew the
chosen action (``Choice.place``: dice, a hand), so the page never looks into a game's rules.
Any failure of the browser's audio (no Web Audio, autoplay refused) is silence, never an error.
"""

from __future__ import annotations

import contextlib
from typing import Any

from kingdoms_web import dom

SOUND_SETTING = "sound"
"""Settings key: True when the player turned sound on (off by default)."""
PLACE_SOUNDS = {"dice": "dice", "hand": "card", "pair": "card", "line": "card"}
"""The sound of an action by where its choice is drawn (the engine's ``Choice.place``)."""

_context: Any = None
_noise: Any = None


def _audio() -> Any:
    """The page's one AudioContext (browsers allow a few), made on first use: after a tap."""
    global _context
    if _context is None:
        _context = dom.window.AudioContext.new()
    return _context


def _noise_buffer(audio: Any) -> Any:
    """Half a second of white noise, made once (every burst plays a slice of it)."""
    global _noise
    if _noise is None:
        from pyodide.ffi import to_js

        rate = int(audio.sampleRate)
        seed, samples = 12345, []
        for _ in range(rate // 2):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            samples.append(seed / 0x3FFFFFFF - 1.0)
        buffer = audio.createBuffer(1, len(samples), rate)
        buffer.getChannelData(0).set(to_js(samples))
        _noise = buffer
    return _noise


def _burst(audio: Any, start: float, length: float, frequency: float, volume: float,
           sweep_to: float | None = None) -> None:
    """A burst of filtered noise: a die hitting the table, or a card sliding (with a sweep)."""
    source = audio.createBufferSource()
    source.buffer = _noise_buffer(audio)
    band = audio.createBiquadFilter()
    band.type = "bandpass"
    band.frequency.setValueAtTime(frequency, start)
    if sweep_to is not None:
        band.frequency.exponentialRampToValueAtTime(sweep_to, start + length)
    gain = audio.createGain()
    gain.gain.setValueAtTime(volume, start)
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length)
    source.connect(band)
    band.connect(gain)
    gain.connect(audio.destination)
    source.start(start, (start * 7.31) % 0.3, length)


def _tone(audio: Any, start: float, frequency: float, length: float) -> None:
    oscillator = audio.createOscillator()
    oscillator.type = "triangle"
    oscillator.frequency.setValueAtTime(frequency, start)
    gain = audio.createGain()
    gain.gain.setValueAtTime(0.0001, start)
    gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length)
    oscillator.connect(gain)
    gain.connect(audio.destination)
    oscillator.start(start)
    oscillator.stop(start + length)


def play(name: str) -> bool:
    """Play ``dice``, ``card`` or ``end``; False (and silence) if the browser cannot, or for
    ``""`` (an action without a sound of its own)."""
    if dom.window is None or not name:
        return False
    with contextlib.suppress(*dom.BROWSER_ERRORS, ImportError):
        audio = _audio()
        now = float(audio.currentTime)
        if name == "dice":
            for index, pitch in enumerate((2400.0, 1800.0, 2900.0, 2100.0)):
                _burst(audio, now + index * 0.055, 0.045, pitch, 0.5)
        elif name == "card":
            _burst(audio, now, 0.16, 3200.0, 0.35, sweep_to=900.0)
        elif name == "end":
            _tone(audio, now, 523.25, 0.35)
            _tone(audio, now + 0.16, 783.99, 0.5)
        else:
            return False
        return True
    return False
