// The seat colours: one list for the lobby and every table (seat i wears SEAT_COLOURS[i]).
// Carcassonne's meeples, Terraforming Mars' markers, the dice game's and On Mars' pieces
// all read it, so a player keeps their colour from the lobby to the end of the game.

export const SEAT_COLOURS = ['#2f6fdb', '#d8343a', '#f2c318', '#2b2b2b', '#9b51c9', '#f0862a'];

/** The colour of seat `seat` (from 0). */
export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}
