/**
 * The few Workers runtime types the edge build's modules use (`cloudflare:workers`), declared here
 * so the whole project keeps one TypeScript setup; the runtime itself is workerd's.
 */
declare module 'cloudflare:workers' {
  interface DurableObjectStorage {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
    deleteAll(): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
  }
  interface DurableObjectState {
    readonly storage: DurableObjectStorage;
  }
  export abstract class DurableObject<Env = unknown> {
    protected readonly ctx: DurableObjectState;
    protected readonly env: Env;
    constructor(ctx: DurableObjectState, env: Env);
    alarm?(): void | Promise<void>;
  }
  export interface DurableObjectId {
    toString(): string;
  }
  /** A stub reaches the object's public methods over RPC: each answer comes as a promise. */
  export type DurableObjectStub<T> = {
    [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
  };
  export interface DurableObjectNamespace<T> {
    idFromName(name: string): DurableObjectId;
    get(id: DurableObjectId): DurableObjectStub<T>;
  }
  export const env: Record<string, unknown>;
}
