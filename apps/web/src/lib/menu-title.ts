/** Spec part 6: menu titles over 17 characters are cut to 17 plus an ellipsis. */
export const MENU_TITLE_MAX = 17;

export function cutMenuTitle(title: string, max = MENU_TITLE_MAX): string {
  const characters = [...title];
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : title;
}
