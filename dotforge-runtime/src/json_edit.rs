//! Settings files edited, not rewritten: a JSON object's members in file order, each value kept as its exact text,
//! laid out again like the 2-space JSON the agent CLIs write — so that an edit then its undo gives the original
//! bytes back; and the files and folders `install` writes and removes.

use serde::de::{Deserializer as _, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::Value;
use std::fmt;
use std::path::Path;

/// Object members in file order, each value as JSON text.
pub(crate) type Members = Vec<(String, String)>;

struct MembersVisitor;

impl<'de> Visitor<'de> for MembersVisitor {
    type Value = Members;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members, A::Error> {
        let mut members = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let value: &'de RawValue = map.next_value()?;
            members.push((key, value.get().to_owned()));
        }
        Ok(members)
    }
}

pub(crate) fn parse_object(text: &str) -> Result<Members, String> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let members = deserializer.deserialize_map(MembersVisitor).map_err(|error| error.to_string())?;
    deserializer.end().map_err(|error| error.to_string())?;
    Ok(members)
}

pub(crate) fn parse_array(text: &str) -> Result<Vec<String>, String> {
    let items: Vec<&RawValue> = serde_json::from_str(text).map_err(|error| error.to_string())?;
    Ok(items.into_iter().map(|item| item.get().to_owned()).collect())
}

fn pad(depth: usize) -> String {
    "  ".repeat(depth)
}

pub(crate) fn object_text(members: &Members, depth: usize) -> String {
    if members.is_empty() {
        return "{}".to_owned();
    }
    let body: Vec<String> = members
        .iter()
        .map(|(key, value)| format!("{}{}: {value}", pad(depth + 1), Value::from(key.as_str())))
        .collect();
    format!("{{\n{}\n{}}}", body.join(",\n"), pad(depth))
}

pub(crate) fn array_text(items: &[String], depth: usize) -> String {
    if items.is_empty() {
        return "[]".to_owned();
    }
    let body: Vec<String> = items.iter().map(|item| format!("{}{item}", pad(depth + 1))).collect();
    format!("[\n{}\n{}]", body.join(",\n"), pad(depth))
}

pub(crate) fn member<'m>(members: &'m mut Members, key: &str) -> Option<&'m mut String> {
    members.iter_mut().find(|(name, _)| name == key).map(|(_, value)| value)
}

pub(crate) fn set_member(members: &mut Members, key: &str, value: String) {
    match member(members, key) {
        Some(slot) => *slot = value,
        None => members.push((key.to_owned(), value)),
    }
}

/// Removes the folders between a settings file that is gone and its project (`.github/hooks`, `.github`), each only
/// when empty.
pub(crate) fn remove_empty_folders(path: &Path, project: &Path) {
    for folder in path.ancestors().skip(1) {
        if folder.as_os_str().is_empty() || folder == project || std::fs::remove_dir(folder).is_err() {
            break;
        }
    }
}

/// Writes `text` to `path`, creating the folders it needs.
pub(crate) fn write_file(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent().filter(|parent| !parent.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|error| format!("cannot write {}: {error}", path.display()))
}
