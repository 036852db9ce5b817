/**
 * Comments pinned to a model (issue 45, server/api/model-comments.ts): a company's comments on one of its models or
 * library items (exactly one of `model_id` and `item_id`), each a thread's first comment (its pin number on the
 * record, the 3D point, the surface's normal and the camera it was written from) or a reply (`parent_id`), written on
 * a version of the record's file, with the users it mentions (a jsonb array of ids) and when and by whom its thread
 * was resolved. A record's comments go with it (the recycling bin's purge, a company's deletion), a thread's replies
 * with the thread. Each record counts the pin numbers it gave (`last_comment_number`), so a deleted thread's number
 * is never given again. Roles that may edit models (items) may comment on them from now on.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table model_comments (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      model_id integer references project_models(id) on delete cascade,
      item_id integer references library_items(id) on delete cascade,
      parent_id integer references model_comments(id) on delete cascade,
      number integer,
      author_id integer references users(id) on delete set null,
      body text not null,
      point jsonb,
      normal jsonb,
      camera jsonb,
      version integer not null,
      mentions jsonb not null default '[]',
      resolved_at timestamptz,
      resolved_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      edited_at timestamptz,
      constraint model_comments_one_record check ((model_id is null) <> (item_id is null)),
      constraint model_comments_thread_number check ((parent_id is null) = (number is not null)),
      unique (model_id, number),
      unique (item_id, number)
    );
    create index model_comments_model on model_comments (model_id);
    create index model_comments_item on model_comments (item_id);
    create index model_comments_parent on model_comments (parent_id);
    alter table project_models add column last_comment_number integer not null default 0;
    alter table library_items add column last_comment_number integer not null default 0;
    insert into role_abilities (role_id, ability)
      select role_id, 'comment-project-models' from role_abilities where ability = 'update-project-models'
      on conflict do nothing;
    insert into role_abilities (role_id, ability)
      select role_id, 'comment-library-items' from role_abilities where ability = 'update-library-items'
      on conflict do nothing;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table model_comments;
    alter table project_models drop column last_comment_number;
    alter table library_items drop column last_comment_number;
    delete from role_abilities where ability in ('comment-project-models', 'comment-library-items');
  `.execute(db);
}
