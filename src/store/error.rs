//! Why a store operation failed: a leaf that every file of the store imports.

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The game's version changed between reading and writing: someone else acted first.
    #[error("the game was changed by someone else at the same moment")]
    Conflict,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A row that cannot be read back (bad JSON, unknown state): a bug or a hand-edited row.
    #[error("unreadable record: {0}")]
    Corrupt(String),
    #[error("{0}")]
    Setup(String),
}
