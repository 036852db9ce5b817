/**
 * Platform administration (issue 19): the FAQ (categories with their questions, one set for the whole platform),
 * issue reports and feedback reports (each sent by a user of a company, read by administrators across companies).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table faq_categories (
      id serial primary key,
      name text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index faq_categories_updated on faq_categories (updated_at, id);

    create table faq_questions (
      id serial primary key,
      category_id integer not null references faq_categories(id) on delete cascade,
      question text not null,
      answer text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index faq_questions_category on faq_questions (category_id, created_at, id);

    create table issue_reports (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      status text not null default 'open',
      severity text not null,
      products text[] not null default '{}',
      description text not null,
      external_link text,
      screenshot text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index issue_reports_created on issue_reports (created_at, id);

    create table feedback_reports (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      rating integer not null check (rating between 1 and 5),
      comment text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index feedback_reports_created on feedback_reports (created_at, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table feedback_reports, issue_reports, faq_questions, faq_categories`.execute(db);
}
