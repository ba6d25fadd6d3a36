/**
 * recharts sorts a tooltip's items (by name) and a legend's (by value) alphabetically unless told
 * otherwise, so the order changes with the language ("Errors" before "Requests", French
 * "Formation terminée" before "Étape 1"). Charts list their series in the order they are drawn:
 * legends with `itemSorter={null}`, tooltips with this sorter (recharts' sort is stable, so ranking
 * every item alike keeps the drawing order; its tooltip type takes no null).
 */
export const inDrawingOrder = () => 0;
