import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { SenderFormValues } from '../../lib/senderForm.ts';
import { senderFormSchema } from '../../lib/senderFormSchema.ts';

/**
 * The shared schema as the form's resolver: each field's first issue, whose message is a key of
 * the `form` dictionary. A module of its own, loaded at the first check (`useReturnForm.ts`).
 */
export const schemaResolver: Resolver<SenderFormValues> = zodResolver(senderFormSchema);
