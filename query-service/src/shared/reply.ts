/** The slice of Fastify's reply the controllers use. */
export interface ReplyLike {
  header(name: string, value: string): ReplyLike;
  status(code: number): ReplyLike;
  send(body?: unknown): void;
  hijack(): void;
  raw: import('node:http').ServerResponse;
}
