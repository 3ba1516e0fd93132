//! Who wants to hear of new seeks in a game (`/subscribe`), and the role a server's
//! moderators chose to mention for them (Discord).

use super::{Store, StoreError};

impl Store {
    /// Subscribes a person to a game's news in a server (again is the same as once).
    pub async fn subscribe(
        &self,
        server_id: &str,
        variant: &str,
        user_id: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO subscriptions (server_id, variant, user_id, created_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (server_id, variant, user_id) DO NOTHING",
        )
        .bind(server_id)
        .bind(variant)
        .bind(user_id)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Ends a subscription; `false` when there was none.
    pub async fn unsubscribe(
        &self,
        server_id: &str,
        variant: &str,
        user_id: &str,
    ) -> Result<bool, StoreError> {
        let _turn = self.write_turn().await;
        let gone = sqlx::query(
            "DELETE FROM subscriptions WHERE server_id = $1 AND variant = $2 AND user_id = $3",
        )
        .bind(server_id)
        .bind(variant)
        .bind(user_id)
        .execute(self.pool())
        .await?;
        Ok(gone.rows_affected() > 0)
    }

    /// The games a person follows in a server, by id.
    pub async fn subscriptions_of(
        &self,
        server_id: &str,
        user_id: &str,
    ) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT variant FROM subscriptions WHERE server_id = $1 AND user_id = $2 \
             ORDER BY variant",
        )
        .bind(server_id)
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// The people who follow a game in a server, longest first.
    pub async fn subscribers(
        &self,
        server_id: &str,
        variant: &str,
    ) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT user_id FROM subscriptions WHERE server_id = $1 AND variant = $2 \
             ORDER BY created_at, user_id",
        )
        .bind(server_id)
        .bind(variant)
        .fetch_all(self.pool())
        .await?)
    }

    /// Sets (`Some`) or clears (`None`) the role mentioned for a game's news in a server.
    pub async fn set_subscription_role(
        &self,
        server_id: &str,
        variant: &str,
        role: Option<&str>,
        set_by: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let _turn = self.write_turn().await;
        match role {
            Some(role) => sqlx::query(
                "INSERT INTO subscription_roles (server_id, variant, role_id, set_by, set_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (server_id, variant) DO UPDATE SET \
                 role_id = excluded.role_id, set_by = excluded.set_by, set_at = excluded.set_at",
            )
            .bind(server_id)
            .bind(variant)
            .bind(role)
            .bind(set_by)
            .bind(now),
            None => {
                sqlx::query("DELETE FROM subscription_roles WHERE server_id = $1 AND variant = $2")
                    .bind(server_id)
                    .bind(variant)
            }
        }
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The role mentioned for a game's news in a server, if its moderators set one.
    pub async fn subscription_role(
        &self,
        server_id: &str,
        variant: &str,
    ) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT role_id FROM subscription_roles WHERE server_id = $1 AND variant = $2",
        )
        .bind(server_id)
        .bind(variant)
        .fetch_optional(self.pool())
        .await?)
    }
}
