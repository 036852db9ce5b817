/** Who sent a report (issue and feedback reports, spec 2 §3): the company and the user, as admins see them. */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../schema-types';

export const ReportCompanySchema = Nullable(Type.Object({ id: Type.Integer(), name: Type.String() }));
/** Null when the user's account no longer exists. */
export const ReportUserSchema = Nullable(
  Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }),
);

export type ReportCompany = Static<typeof ReportCompanySchema>;
export type ReportUser = Static<typeof ReportUserSchema>;
