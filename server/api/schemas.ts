/** Response schemas shared by several endpoint groups (they also document the API at /api/v2/docs). */
import { Type } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const TenantSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Nullable(Type.String()),
  sub_domain: Type.String(),
  colors: Type.Object({
    primary_color: Nullable(Type.String()),
    primary_accent: Nullable(Type.String()),
    is_default: Type.Boolean(),
  }),
});
