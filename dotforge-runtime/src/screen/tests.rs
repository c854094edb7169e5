//! What counts as a secret in a tool's output, and what does not (the false-redaction corpus: a false redaction is a
//! bug, and each of these everyday outputs must pass unchanged).

use super::{redact, redact_value, Known};
use serde_json::json;

fn kinds(text: &str, known: &Known) -> Vec<&'static str> {
    redact(text, known).map(|(_, kinds)| kinds).unwrap_or_default()
}

#[test]
fn formats_pairs_and_known_values_are_withheld_and_nothing_else_changes() {
    let none = Known::default();
    let key = "AKIAIOSFODNN7EXAMPLQ";
    let (out, found) = redact(&format!("id: {key}\nregion: eu-west-1\n"), &none).expect("a key");
    assert_eq!(found, ["AWS access key id"]);
    assert_eq!(out, "id: [secret withheld by dotforge: AWS access key id; the user can read it at their own terminal]\nregion: eu-west-1\n");
    assert_eq!(kinds("token ghp_0123456789abcdefghijABCDEFGHIJ012345 ok", &none), ["GitHub token"]);
    assert_eq!(kinds("export ANTHROPIC_API_KEY=sk-ant-api03-abcdefghijklmnopqrstuv", &none), ["Anthropic API key"]);
    let block =
        "notes\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n-----END OPENSSH PRIVATE KEY-----\nafter";
    let (out, found) = redact(block, &none).expect("a key block");
    assert_eq!(found, ["private key"]);
    assert!(out.starts_with("notes\n[secret withheld") && out.ends_with("]\nafter"), "{out}");
    let (out, _) = redact("DATABASE_URL=postgres://app:s3cr3t-pw@db.internal:5432/app", &none).expect("a password");
    assert_eq!(out, "DATABASE_URL=postgres://app:[secret withheld by dotforge: password in a URL; the user can read it at their own terminal]@db.internal:5432/app");
    let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
    assert_eq!(kinds(&format!("Authorization: Bearer {jwt}"), &none), ["JSON Web Token"]);
    assert_eq!(kinds("API_TOKEN=4f9a2c7e81d0b3a6", &none), ["secret value"]);
    assert_eq!(kinds("{\"clientSecret\": \"Zx9!qW2#vB7$\"}", &none), ["secret value"]);
    assert_eq!(kinds("db_password: 'hunter2hunter2'", &none), ["secret value"]);
    assert_eq!(kinds("STRIPE_KEY=rk9Q2mX7vL4pZ8", &none), ["secret value"]);
    assert_eq!(kinds("accessKey: \"Q2mX7vL4pZ8rk9\"", &none), ["secret value"]);
    let known = Known::new(vec![("plain-value-from-dotenv".to_owned(), ".env value")]);
    assert_eq!(kinds("the value is plain-value-from-dotenv.", &known), [".env value"]);
}

/// What credential printers print (`kubectl config view --raw`, `cat ~/.netrc`, a registry's `config.json`, `gcloud
/// auth print-access-token`, `vault token lookup`, `git credential fill`): each secret withheld, the rest kept.
#[test]
fn credential_printers_outputs_are_withheld() {
    let none = Known::default();
    let kubeconfig = "users:\n- name: admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSURJVEND\n    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFcEFJQkFBS0NBUUVBeGZPZ0ZmR2h0SUpDRktr\n";
    let (out, found) = redact(kubeconfig, &none).expect("the client key");
    assert_eq!(found, ["private key"]);
    assert!(out.contains("client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSURJVEND\n"), "{out}");
    let cases = [
        ("machine api.github.com\n  login octocat\n  password 8a3f9c2d7e1b4a6f0c5d\n", "secret value"),
        (
            "{\"auths\": {\"https://index.docker.io/v1/\": {\"auth\": \"b2N0b2NhdDpkY2tyX3BhdF8xMjNhYmNkZWZnaGk=\"}}}",
            "secret value",
        ),
        ("ya29.a0AfB_byC1234567890abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN\n", "Google OAuth access token"),
        ("token                hvs.CAESIJ1a2b3c4d5e6f7g8h9i0jKLMNOPqrstuvwx\n", "Vault token"),
        ("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\n", "SendGrid API key"),
        ("username=octocat\npassword=ghp_0123456789abcdefghijABCDEFGHIJ012345\n", "GitHub token"),
        ("DOCKER_PAT=dckr_pat_2b3e36beeb386dfdaacb9b46004ccb7c", "Docker Hub token"),
        ("AGE-SECRET-KEY-1QYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQ", "age secret key"),
    ];
    for (text, kind) in cases {
        assert_eq!(kinds(text, &none), [kind], "{text}");
    }
}

#[test]
fn an_output_keeps_its_shape() {
    let none = Known::default();
    let bash = json!({"stdout": "GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345\n", "stderr": "", "interrupted": false,
        "isImage": false, "noOutputExpected": false});
    let (redacted, found) = redact_value(&bash, &none).expect("a token");
    assert_eq!(found, ["GitHub token"]);
    assert_eq!(redacted["interrupted"], false);
    assert_eq!(redacted["stderr"], "");
    assert!(redacted["stdout"].as_str().is_some_and(|out| out.starts_with("GITHUB_TOKEN=[secret withheld")));
    let blocks = json!([{"type": "text", "text": "sk-ant-api03-abcdefghijklmnopqrstuv"}]);
    assert!(redact_value(&blocks, &none).is_some());
    assert!(redact_value(&json!({"stdout": "ok", "code": 0}), &none).is_none());
}

#[test]
fn placeholders_are_not_secrets() {
    let none = Known::default();
    for text in [
        "API_KEY=your-api-key-here",
        "SECRET_KEY=changeme123",
        "TOKEN=<your token>",
        "password: ${DB_PASSWORD}",
        "AWS_SECRET_ACCESS_KEY=xxxxxxxxxxxxxxxxxxxx",
        "api_key = \"\"",
        "GITHUB_TOKEN=$GITHUB_TOKEN",
        "token: {{ secrets.TOKEN }}",
        "password=********",
        "postgres://user:${PASSWORD}@localhost/db",
    ] {
        assert!(redact(text, &none).is_none(), "{text}");
    }
    let known = Known::new(vec![("short".to_owned(), ".env value"), ("your-key-here".to_owned(), ".env value")]);
    assert!(redact("short your-key-here", &known).is_none(), "too short, a placeholder");
}

/// Everyday outputs: none of them holds a secret, and each must reach the model unchanged.
#[test]
fn everyday_outputs_pass_unchanged() {
    let none = Known::default();
    let corpus = [
        // git log / show / diff with hashes
        "commit 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39\nAuthor: Dev <dev@example.com>\nDate:   Tue Dec 1 10:00:00 2026\n\n    fix: token refresh handles expiry\n",
        "diff --git a/src/auth.rs b/src/auth.rs\nindex 4b825dc..e69de29 100644\n--- a/src/auth.rs\n+++ b/src/auth.rs\n@@ -1,3 +1,3 @@\n-let token = fetch();\n+let token = fetch_token(&client)?;\n",
        // lockfile integrity strings
        "\"node_modules/lodash\": {\n  \"version\": \"4.17.21\",\n  \"resolved\": \"https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz\",\n  \"integrity\": \"sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==\"\n}",
        "[[package]]\nname = \"serde\"\nversion = \"1.0.229\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"c982642fa9e8606056828ee9a8505737230110bb1099153c79efe865c59d12ba\"\n",
        // UUIDs, base64 fixtures
        "session 550e8400-e29b-41d4-a716-446655440000 started\nrequest-id: 7c9e6679-7425-40de-944b-e07fc1f90ae7",
        "fixture: aGVsbG8gd29ybGQgdGhpcyBpcyBhIGJhc2U2NCBmaXh0dXJlIGZvciB0ZXN0cw==\n",
        // minified JS
        "!function(e){var t={};function n(r){if(t[r])return t[r].exports;var o=t[r]={i:r,l:!1,exports:{}};return e[r].call(o.exports,o,o.exports,n),o.l=!0,o.exports}n.m=e,n.c=t,n.d=function(e,t,r){n.o(e,t)||Object.defineProperty(e,t,{enumerable:!0,get:r})},n.tokenize=function(s){return s.split(/\\s+/)},csrfToken:r.csrfToken}",
        // .env.example
        "# Copy to .env\nAPI_KEY=your-api-key\nDATABASE_URL=postgres://user:password@localhost:5432/app\nSECRET_KEY=\nDEBUG=true\nPORT=3000\n",
        // compiler output
        "error[E0308]: mismatched types\n  --> src/main.rs:4:18\n   |\n 4 |     let token: u32 = \"abc\";\n   |                ---   ^^^^^ expected `u32`, found `&str`\nerror: expected token, found `=`\n",
        // ls -la
        "total 48\ndrwxr-xr-x  6 dev dev 4096 Dec  1 10:00 .\n-rw-r--r--  1 dev dev  220 Dec  1 10:00 .env.example\n-rw-------  1 dev dev   68 Dec  1 10:00 .env\n-rw-r--r--  1 dev dev 1432 Dec  1 10:00 tokenizer.py\n",
        // package.json and test output
        "{\n  \"dependencies\": {\"js-tokens\": \"4.0.0\", \"tokenizer\": \"^1.2.3\", \"@octokit/auth-token\": \"4.0.0\"}\n}",
        "test auth::tests::an_expired_token_is_refreshed ... ok\ntest auth::tests::a_password_too_short_is_refused ... ok\n",
        "password_reset_timeout: 3600\ntoken_lifetime: 86400\napi_key_header: X-Api-Key\n",
        "Cargo: sk-learn is not a crate; did you mean scikit-learn?\nurl: https://example.com/path?query=1#frag\n",
        // names that sound secret and are not (found by review)
        "{\"tokenizer_class\": \"GPT2TokenizerFast\", \"model_type\": \"gpt2\"}",
        "TOKEN_URL=https://oauth2.googleapis.com/token\nAUTH_ENDPOINT=https://accounts.example.com/o/oauth2/auth",
        "password_file: /run/secrets/db_password\nsecretName: my-app-secret-v2\n",
        // a kubeconfig's certificates (public), prose about passwords, a registry config without credentials
        "certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvakNDQWVhZ0F3SUJBZ0lCQURBTkJna3Foa2lH\n",
        "Permission denied (publickey,password).\nssh: password authentication failed for user dev\n",
        "{\"auths\": {\"ghcr.io\": {}}, \"credsStore\": \"desktop\", \"auth\": \"\"}\n",
        "sk-learn, dapi-client 1.2.0, SG.1 section, hvs.short, skeleton-key-loader\n",
    ];
    for text in corpus {
        assert!(redact(text, &none).is_none(), "a false redaction of:\n{text}\n{:?}", redact(text, &none));
    }
}

#[test]
fn formats_a_behavior_declares_are_withheld_beside_the_built_in_ones() {
    use crate::model::SecretPattern;
    let patterns = [
        SecretPattern { kind: "Acme deploy token", regex: "acme_[A-Za-z0-9]{24}" },
        SecretPattern { kind: "Acme user id", regex: r"\buid-[0-9]{12}\b" },
    ];
    let known = Known::default().with_patterns(&patterns);
    let text = "a acme_0123456789abcdefABCDEFgh b uid-123456789012 c uid-1234 AKIAIOSFODNN7EXAMPLQ";
    let (out, found) = redact(text, &known).expect("three secrets");
    assert_eq!(found, ["Acme deploy token", "Acme user id", "AWS access key id"]);
    assert!(out.contains(" c uid-1234 "), "a near miss stays: {out}");
    assert_eq!(kinds("acme_short and nothing else", &known), Vec::<&str>::new());
    assert!(redact(text, &Known::default()).is_some_and(|(_, found)| found == ["AWS access key id"]));
}

#[test]
fn names_are_read_as_words_whatever_their_case() {
    use super::name_says_secret;
    for name in ["GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "dbPassword", "STRIPE_KEY", "api-key", "clientSecret", "PAT"]
    {
        assert_eq!(name_says_secret(name), name != "PAT", "{name}");
    }
    for name in ["TOKEN_URL", "tokenizer", "secretName", "password_file", "KEY", "monkey", "DEBUG", "", "__"] {
        assert!(!name_says_secret(name), "{name}");
    }
    assert!(name_says_secret("GH_PAT") && name_says_secret("privateKey") && name_says_secret("auth.token"));
}
