//! A server's own variants (`/variant`): each saved definition is a version of its name, kept
//! for good; deleting a name hides every version of it from the server's lists and from
//! `/new`. Games never read this table after they start: each carries its own copy.

use sqlx::Row;

use super::{Store, StoreError};

/// One version of a server's variant.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct VariantRow {
    /// The name as people type it: lower case, spaces as hyphens.
    pub key: String,
    /// The name as its author wrote it.
    pub name: String,
    /// 1 for the first definition saved under the name, then one more each time.
    pub version: i64,
    /// The canonical text of the definition.
    pub definition: String,
    /// Who saved this version.
    pub author: String,
    /// When (milliseconds since 1970).
    pub created_at: i64,
}

/// What saving a definition did.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Saved {
    /// Saved as this version of the name.
    Version(i64),
    /// Refused: the server already offers `max` variants and this is a new name.
    Full { max: usize },
}

/// The columns a [`VariantRow`] is read from.
const COLUMNS: &str = "name_key, name, version, definition, author, created_at";

impl Store {
    /// The newest version of each variant the server offers, by name.
    pub async fn variants(&self, server_id: &str) -> Result<Vec<VariantRow>, StoreError> {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM variants v WHERE server_id = $1 AND deleted_at IS NULL \
             AND version = (SELECT MAX(version) FROM variants w WHERE w.server_id = v.server_id \
             AND w.name_key = v.name_key) ORDER BY name_key"
        )))
        .bind(server_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(read_row).collect()
    }

    /// The newest version of one variant the server offers, by its key.
    pub async fn variant(
        &self,
        server_id: &str,
        key: &str,
    ) -> Result<Option<VariantRow>, StoreError> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM variants WHERE server_id = $1 AND name_key = $2 \
             AND deleted_at IS NULL ORDER BY version DESC LIMIT 1"
        )))
        .bind(server_id)
        .bind(key)
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(read_row).transpose()
    }

    /// Saves a definition as the next version of its name (a name deleted before is offered
    /// again from this version on, its numbers going on), unless the server already offers `max` other variants.
    pub async fn save_variant(
        &self,
        server_id: &str,
        row: &VariantRow,
        max: usize,
    ) -> Result<Saved, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let offered: Vec<String> = sqlx::query_scalar(
            "SELECT DISTINCT name_key FROM variants WHERE server_id = $1 AND deleted_at IS NULL",
        )
        .bind(server_id)
        .fetch_all(&mut *tx)
        .await?;
        if offered.len() >= max && !offered.contains(&row.key) {
            return Ok(Saved::Full { max });
        }
        let last: Option<i64> = sqlx::query_scalar(
            "SELECT MAX(version) FROM variants WHERE server_id = $1 AND name_key = $2",
        )
        .bind(server_id)
        .bind(&row.key)
        .fetch_one(&mut *tx)
        .await?;
        let version = last.unwrap_or(0) + 1;
        sqlx::query(
            "INSERT INTO variants (server_id, name_key, version, name, definition, author, \
             created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(server_id)
        .bind(&row.key)
        .bind(version)
        .bind(&row.name)
        .bind(&row.definition)
        .bind(&row.author)
        .bind(super::now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        super::wrote();
        Ok(Saved::Version(version))
    }

    /// Stops offering a variant: every version of it is marked deleted. Whether it was offered.
    pub async fn delete_variant(&self, server_id: &str, key: &str) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE variants SET deleted_at = $3 WHERE server_id = $1 AND name_key = $2 \
             AND deleted_at IS NULL",
        )
        .bind(server_id)
        .bind(key)
        .bind(super::now_ms())
        .execute(self.pool())
        .await?;
        super::wrote();
        Ok(done.rows_affected() > 0)
    }
}

fn read_row(row: &sqlx::any::AnyRow) -> Result<VariantRow, StoreError> {
    Ok(VariantRow {
        key: row.try_get("name_key")?,
        name: row.try_get("name")?,
        version: row.try_get("version")?,
        definition: row.try_get("definition")?,
        author: row.try_get("author")?,
        created_at: row.try_get("created_at")?,
    })
}
