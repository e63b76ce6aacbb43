import type { AppContext } from "../context";
export async function seedCreditNotesDemo(_ctx: AppContext): Promise<void> {}
