import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { PRODUCT_NAME } from "@vestin/shared/brand";

/** The OpenAPI document of every route registered after it, and its reader at /api/docs. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: `${PRODUCT_NAME} API`,
          version: "1.0.0",
          description:
            "JSON API of the site. Success: `{ success: true, data }`; lists add total, page, limit, pages. " +
            "Failure: `{ success: false, message, errors?, requestId }` (requestId: the `x-request-id` of the answer, to quote). Authentication: `Authorization: Bearer <token>`.",
        },
        servers: [{ url: app.config.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  },
  { name: "openapi", dependencies: ["config"] },
);
