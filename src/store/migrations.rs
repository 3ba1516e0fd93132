//! The schema's migrations, compiled into the binary: one list of file names, read from each
//! backend's folder under `migrations/`.
//!
//! Listed by name rather than found by `sqlx::migrate!`: that macro needs sqlx's macros, which
//! build a second copy of sqlx with SQLite for the compiler (two minutes of every cold build),
//! to save listing a few names. Each migration is what the macro made of it (the version and
//! description from the file name, the checksum of the text), so databases made before open
//! as before; a test checks the list against the folders, so a file left out fails.

use std::borrow::Cow;

use sqlx::{
    SqlSafeStr,
    migrate::{Migration, MigrationType, Migrator},
};

/// Both backends' migrations, from one list of names (the folders name their files alike).
macro_rules! migration_files {
    ($($file:literal),* $(,)?) => {
        /// SQLite's migration files, by name, with their text.
        pub(super) const SQLITE: &[(&str, &str)] =
            &[$(($file, include_str!(concat!("../../migrations/sqlite/", $file)))),*];
        /// PostgreSQL's.
        pub(super) const POSTGRES: &[(&str, &str)] =
            &[$(($file, include_str!(concat!("../../migrations/postgres/", $file)))),*];
    };
}

migration_files!(
    "0001_init.sql",
    "0002_outbox.sql",
    "0003_offered_choices.sql",
    "0004_timed_play.sql",
    "0005_place_limits.sql",
    "0006_game_revision.sql",
    "0007_choices_seen_from_the_room.sql",
    "0008_outbox_in_order.sql",
    "0009_handled_messages.sql",
    "0010_process_leases.sql",
    "0011_rating_history.sql",
    "0012_seeks.sql",
    "0013_tournaments.sql",
    "0014_tournament_threads_and_groups.sql",
    "0015_place_settings.sql",
    "0016_reviews.sql",
    "0017_variants.sql",
);

/// The migrator of one backend's schema, from its files ([`SQLITE`] or [`POSTGRES`]).
pub(super) fn migrator(files: &'static [(&'static str, &'static str)]) -> Migrator {
    Migrator::with_migrations(files.iter().map(migration).collect())
}

/// One migration as `sqlx::migrate!` reads it: `0004_timed_play.sql` is version 4, "timed
/// play"; a file starting with `-- no-transaction` runs outside a transaction.
fn migration(&(name, sql): &(&'static str, &'static str)) -> Migration {
    let (version, rest) = name.split_once('_').unwrap_or((name, ""));
    Migration::new(
        version.parse().unwrap_or_default(),
        Cow::Owned(rest.trim_end_matches(".sql").replace('_', " ")),
        MigrationType::Simple,
        sql.into_sql_str(),
        sql.starts_with("-- no-transaction"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_in_the_folders_is_listed_in_order() {
        for (files, folder) in [(SQLITE, "sqlite"), (POSTGRES, "postgres")] {
            let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/");
            let mut on_disk: Vec<String> = std::fs::read_dir(format!("{dir}{folder}"))
                .unwrap()
                .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            on_disk.sort();
            let listed: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
            assert_eq!(listed, on_disk, "{folder}");
        }
    }

    #[test]
    fn versions_and_descriptions_come_from_the_file_names() {
        let migrator = migrator(SQLITE);
        let versions: Vec<i64> = migrator.iter().map(|m| m.version).collect();
        assert_eq!(versions, (1..=SQLITE.len() as i64).collect::<Vec<_>>());
        let fourth = migrator.iter().nth(3).unwrap();
        assert_eq!(fourth.description, "timed play");
        assert!(!fourth.no_tx);
    }

    /// The first bytes of each SQLite migration's checksum as databases made with
    /// `sqlx::migrate!` hold them (read from one): a change here would make sqlx refuse every
    /// existing database, so neither this reading nor an applied migration file may change.
    const APPLIED: [(i64, &str); 16] = [
        (1, "a0405b55071c1c9e"),
        (2, "717f8065d245cacb"),
        (3, "486de85750ec797e"),
        (4, "49286e9ea9d6944f"),
        (5, "73c8201ca22dfb5d"),
        (6, "c2380f88e13c6a44"),
        (7, "6445ad6117f5c60a"),
        (8, "7ba5e05990b27915"),
        (9, "7419fd459f067d77"),
        (10, "52d9d533827adc5d"),
        (11, "e7b0a063849d4b27"),
        (12, "908c45256d7aa7c5"),
        (13, "1a77c3d6fd9e19e0"),
        (14, "da3a4c37e1e5db78"),
        (15, "b1460034b34d070b"),
        (16, "4c606acdcb76c73b"),
    ];

    #[test]
    fn checksums_are_the_ones_existing_databases_hold() {
        let migrator = migrator(SQLITE);
        for (migration, (version, prefix)) in migrator.iter().zip(APPLIED) {
            assert_eq!(migration.version, version);
            let hex: String = migration.checksum[..8]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert_eq!(hex, prefix, "migration {version}");
        }
    }
}
