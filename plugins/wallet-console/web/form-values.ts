/** An integer typed in a form (digits only), or undefined when empty: the server then names the missing field. */
export const integerOf = (text: string): number | undefined => (text === '' ? undefined : Number(text));
