/// Terminal graphics: an RGBA image → kitty, iTerm2, sixel or symbol cells, and the choice of
/// protocol for the terminal at hand.
package enum TerminalGraphics {}
