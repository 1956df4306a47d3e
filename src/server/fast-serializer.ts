import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodRoute = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Route option `serializerCompiler` for the hot reads (expense list, dashboard): the answer is written by
 * fast-json-stringify compiled once from the declared zod schema (only its properties, so no column leaks), instead of
 * zod parsing every answer and JSON.stringify writing the copy. A schema JSON Schema cannot express keeps zod's path.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  if (route.schema instanceof z.ZodType) {
    try {
      return fastJson(z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJson>[0]);
    } catch {
      // unrepresentable (transforms, custom types): validated and written by zod
    }
  }
  return zodSerializerCompiler(route as ZodRoute);
};
