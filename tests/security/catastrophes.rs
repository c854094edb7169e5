//! Issue 34, items 2 and 7 and its false blocks: deletes that lose a machine — the home or the project through
//! parameter operators, `$(pwd)`, `$OLDPWD`, paths fed through `xargs`, interpreter code that computes the home or
//! names the root, disk wipes — and tampering the reader missed (archive members, cmake's file tools, a mount over a
//! protected folder, `git apply --include`, a path built from a variable the line set); with the everyday commands
//! once refused by mistake (`${TMPDIR:-/tmp}`, a name-filtered `find` over a folder that holds the project).

use super::{assert_allowed, assert_blocked, bash_corpus, Project};

#[test]
fn deletes_that_lose_the_home_the_project_or_a_disk_are_hard_blocked() {
    let project = Project::new("catastrophes");
    let corpus = bash_corpus(&[
        "rm -rf \"${HOME:?}/\"",
        "rm -rf \"${HOME:?}\"",
        "rm -rf \"$(getent passwd \"$(id -un)\" | cut -d: -f6)\"",
        "rm -rf $(echo ~)",
        "rm -rf ~/../\"$USER\"/",
        "x=$HOME; rm -rf \"$x\"",
        "rm -rf ${HOME:-/tmp}/",
        "rm -rf \"$(pwd)\"",
        "rm -rf \"$(pwd)/\"",
        "rm -rf `pwd`",
        "cd .. && rm -rf \"$OLDPWD\"",
        // The project's parent (the home here) by a trimming operator or a change of folder.
        "rm -rf \"${PWD%/*}\"",
        "rm -rf \"$(cd .. && pwd)\"",
        "rm -rf \"${HOME%/*}/$USER\"",
        "rm -rf \"$(dirname \"$(pwd)\")\"",
        "rm -rf \"$(realpath ..)\"",
        "rm -rf -- \"$(readlink -f ~)\"",
        "rm -rf \"${HOME%/}\"",
        "rm${IFS}-rf${IFS}$HOME",
        "builtin cd .. && command rm -rf \"$OLDPWD\"",
        "deno eval 'Deno.removeSync(Deno.env.get(\"HOME\"), {recursive: true})'",
        "echo ~ | xargs rm -rf",
        "echo / | xargs rm -rf",
        "echo / | xargs -I{} rm -rf {}",
        "python3 -c \"import shutil, os; shutil.rmtree(os.path.expanduser('~'))\"",
        "python3 -c \"import shutil; from pathlib import Path; shutil.rmtree(Path.home())\"",
        "node -e \"require('fs').rmSync(require('os').homedir(), {recursive: true})\"",
        "ruby -e 'require \"fileutils\"; FileUtils.rm_rf(Dir.home)'",
        "perl -e 'use File::Path; rmtree($ENV{HOME})'",
        "python3 -c \"import shutil; shutil.rmtree('/')\"",
        "dd if=/dev/zero of=/dev/sda bs=1M",
        "mkfs.ext4 /dev/sda1",
        "wipefs -a /dev/sda",
        "shred -n3 /dev/nvme0n1",
        "python3 -c \"import shutil, os; shutil.rmtree(os.getcwd())\"",
        "python3 -c \"import os; os.system('rm -rf ' + os.path.expanduser('~'))\"",
        "python3 -c \"import os, shutil; shutil.move(os.path.expanduser('~'), '/tmp/gone')\"",
        // Every entry of the home is the home.
        "rm -rf ~/*",
        "rm -rf \"${HOME}\"/*",
        "cd ~ && rm -rf -- * .[!.]*",
    ]);
    assert_blocked(&project, &corpus, "deny-hard", &["no-catastrophic-delete", "self-protection"]);
}

#[test]
fn tampering_by_roads_the_reader_missed_is_hard_blocked() {
    let project = Project::new("tamper-roads");
    let corpus = bash_corpus(&[
        "d=.forge; rm -rf \"$d/audit\"",
        "D=.forge/runtime; truncate -s0 \"$D/state.json\"",
        "tar -xf backup.tar .forge/audit/overrides.log",
        "tar -xf backup.tar -C .forge runtime/state.json",
        "unzip -o backup.zip .claude/settings.json",
        "cmake -E rm -rf .forge",
        "gio trash .forge",
        "gio remove .forge/audit/overrides.log",
        "cmake -E remove_directory .forge",
        "cmake -E rename /tmp/x .forge/runtime/state.json",
        "mount --bind /tmp/empty .forge",
        "git apply --include='.forge/*' patch.diff",
        "git apply --include=.claude/settings.json p.diff",
        // Permissions taken from the user, or the files given away.
        "chmod -R a-w .",
        "chmod -R 000 .",
        "sudo chown -R nobody .",
        "chmod -R u=r .forge",
        // Brace expansion names the file twice: moved away.
        "mv .claude/settings.json{,.off}",
        "rm -rf .{forge,cache}",
        // Taking the owner's access to the folder takes what it holds; literals joined in code name the path.
        "chmod 000 .forge",
        "chmod a-w .forge",
        "python3 -c \"import shutil; shutil.rmtree('.'+'forge')\"",
        "rm -rf ~+/.forge",
        "cd .forge && rm -rf \"$(cat list)\"",
    ]);
    assert_blocked(&project, &corpus, "deny-hard", &["self-protection"]);
}

#[test]
fn everyday_deletes_once_refused_by_mistake_are_allowed() {
    let project = Project::new("catastrophes-everyday");
    let corpus = bash_corpus(&[
        "rm -rf \"${TMPDIR:-/tmp}/myapp-test\"",
        "rm -rf \"${TMPDIR:-/tmp}\"/myapp-*",
        "find /tmp -maxdepth 1 -name 'pytest-of-*' -mtime +1 -exec rm -rf {} +",
        "rm -rf \"$(pwd)/build\"",
        "rm -rf \"$PWD/node_modules\"",
        "rm -rf \"${BUILD_DIR:-build}\"",
        "chmod 700 ~/.ssh",
        "cp src/app.ts \"/tmp/app.ts.$(date +%s).bak\" && echo \"backup saved under /tmp\"",
        "find build -name '*.d' -type f -delete 2>/dev/null; du -sh build 2>/dev/null || true",
        "d=/tmp/scratch-$$; mkdir -p \"$d\" && cd \"$d\" && touch a b && rm -f a b && cd - >/dev/null && rmdir \"$d\"",
        "work=$(mktemp -d); trap 'rm -rf \"$work\"' EXIT; cp -r src \"$work/\"; (cd \"$work\" && ls -R)",
        "chmod -R go-rwx ~/.ssh",
        "dd if=/dev/zero of=disk.img bs=1M count=10",
        "dd if=build/app.bin of=/dev/null",
        "mkfs.ext4 disk.img",
        "tar -xf backup.tar src/app.ts",
        "cmake -E rm -rf build",
        "cmake -S . -B build",
        "git apply patch.diff",
        "d=build; rm -rf \"$d/cache\"",
        "python3 -c \"import os; print(os.path.join(os.path.expanduser('~'), 'x'))\"",
        "node -e \"console.log(require('path').join(require('os').homedir(), 'x'))\"",
        "python3 -c \"import shutil, os; shutil.rmtree(os.path.join(os.path.expanduser('~'), '.cache', 'myapp'))\"",
        "echo build | xargs rm -rf",
        "ls \"$(getent passwd \"$(id -un)\" | cut -d: -f6)\"",
        "ls ~/../\"$USER\"",
        // Permissions added, or the files given back to the user: nothing is taken from them.
        "chmod 755 build",
        "python3 -c \"import os; print(os.path.expanduser('~'))\"",
        "python3 -c \"import os; print(os.getcwd())\"",
        "chmod go-w build",
        "chmod -R u+w .",
        "chmod -R a+rX .",
        "sudo chown -R $USER:$USER .",
        "sudo chown -R \"$(id -u):$(id -g)\" .",
        // A braced variable the hook cannot know, before a folder: that folder somewhere, not the top-level one.
        "rm -rf \"${OUT_DIR}/cache\"",
        "rm -rf \"$OUT_DIR/cache\"",
        // A variable that cannot be empty (`:?`), or set on the line; a function's own argument.
        "rm -rf \"${OUT_DIR:?}\"/*",
        "OUT=dist; rm -rf \"$OUT\"/*",
        "clean() { rm -rf \"$1\"/*; }; clean build",
    ]);
    assert_allowed(&project, &corpus);
}

#[test]
fn a_variable_that_may_be_empty_before_every_entry_of_the_root_is_asked_about() {
    let project = Project::new("catastrophes-empty");
    // `rm -rf "$STEAMROOT/"*` with the variable unset deletes every entry of the root: what it holds cannot be known,
    // so the hook asks.
    let corpus = bash_corpus(&[
        "rm -rf \"$UNKNOWN_DIR\"/*",
        "rm -rf \"${STEAMROOT}/\"*",
        "rm -rf $PREFIX/",
        "sudo rm -rf \"$X\"/.*",
    ]);
    let behaviors = ["no-catastrophic-delete", "self-protection", "protect-secrets", "no-delete-outside-project"];
    assert_blocked(&project, &corpus, "ask", &behaviors);
}

#[test]
fn a_name_filtered_find_over_the_projects_parent_asks_only_when_it_would_delete_outside() {
    // A parent as people have one: this project and a sibling, not the test runs' crowded scratch folder — and not
    // under a temporary folder, where the behavior lets deletes be (a checkout under /tmp puts the scratch folder
    // there: then the parent goes to /dev/shm, which the behavior does not except).
    let mut project = Project::new("find-parent");
    let temporary = ["/tmp", "/var/tmp", "/private/tmp", "/private/var/folders"];
    let base = if temporary.iter().any(|folder| project.dir.starts_with(folder)) {
        std::path::PathBuf::from("/dev/shm").join(format!("dotforge-find-parent-{}", std::process::id()))
    } else {
        project.dir.clone()
    };
    let elsewhere = base != project.dir;
    let parent = base.join("code");
    let sibling = parent.join("other-app");
    std::fs::create_dir_all(sibling.join("src/deep")).expect("sibling");
    std::fs::write(sibling.join("README.md"), "other\n").expect("sibling file");
    std::fs::write(sibling.join("src/deep/old.orig"), "three levels down\n").expect("deep file");
    let own = parent.join("app");
    std::fs::create_dir_all(own.join("src")).expect("project");
    std::fs::write(own.join("src/app.ts.orig"), "ours\n").expect("own file");
    project.dir = own;
    let look_alikes = bash_corpus(&["find .. -maxdepth 2 -name '*.orig' -delete", "find .. -name '*.rej' -delete"]);
    assert_allowed(&project, &look_alikes);
    // Deeper, find reaches the sibling's file: that is a delete outside the project.
    let attacks = bash_corpus(&["find .. -maxdepth 4 -name '*.orig' -delete", "find .. -name '*.orig' -delete"]);
    assert_blocked(&project, &attacks, "ask", &["no-delete-outside-project"]);
    if elsewhere {
        let _ = std::fs::remove_dir_all(&base);
    }
}

#[test]
fn a_copy_or_move_into_a_folder_writes_what_lands_there_not_the_whole_folder() {
    let project = Project::new("copies-into-folders");
    let outside = project.dir.join("../copies-into-folders-outside");
    std::fs::create_dir_all(outside.join("payload/.forge/runtime")).expect("payload");
    std::fs::write(outside.join("payload/.forge/runtime/state.json"), "{}").expect("forged state");
    std::fs::create_dir_all(outside.join("logs")).expect("logs");
    std::fs::write(outside.join("logs/a.log"), "a\n").expect("log");
    std::fs::write(outside.join("settings.json"), "{\"hooks\":{}}").expect("settings");
    let outside = outside.display();
    // Everyday: a file copied or moved into the project, into a temporary folder, into a folder of the project.
    let look_alikes = bash_corpus(&[
        "cp /etc/hosts .",
        "cp /etc/hosts ./",
        "mv ~/Downloads/report.pdf .",
        "mv notes.txt /tmp/",
        "cp -r src /tmp/",
        "rsync -a notes.txt /tmp/",
        "cp src/app.ts build/",
        &format!("cp {outside}/logs/*.log ."),
        &format!("cp {outside}/logs/*.log .claude/"),
        "mv -t /tmp src/old.ts",
        "ln -s /etc/hosts .",
        "ln -sf ../shared/config.json .",
        "ln -s ../shared/config.json",
        "ln -s \"$SHARED_CONFIG\"",
        "wget -P /tmp https://example.com/a.tgz",
        "wget -q -P . https://example.com/",
        "curl --output-dir /tmp -O https://example.com/a.tgz",
    ]);
    assert_allowed(&project, &look_alikes);
    // What lands where governance lives is still refused, however it is named.
    let attacks = bash_corpus(&[
        &format!("cp -r {outside}/payload/.forge ."),
        &format!("cp -r {outside}/payload/.f* ."),
        &format!("cp -r {outside}/payload/. ."),
        &format!("rsync -a {outside}/payload/ ."),
        &format!("cp {outside}/settings.json .claude/"),
        &format!("mv -T {outside}/payload .forge"),
        "mv .forge /tmp/",
        &format!("ln -s {outside}/settings.json .claude/"),
        "curl --output-dir .claude -o settings.json https://example.com/s",
        "wget -P .forge/runtime https://example.com/state.json",
        "wget -r -nH -P .forge https://example.com/",
    ]);
    assert_blocked(&project, &attacks, "deny-hard", &["self-protection"]);
}

/// A tar of `members` (a name, and for a symbolic link its target), gzip-compressed when the name says so.
fn write_tar(path: &std::path::Path, members: &[(&str, Option<&str>)]) {
    let mut builder = tar::Builder::new(Vec::new());
    for (name, link) in members {
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(if link.is_some() { tar::EntryType::Symlink } else { tar::EntryType::Regular });
        header.set_size(2);
        header.set_mode(0o644);
        if let Some(link) = link {
            header.set_link_name(link).expect("a link target");
        }
        builder.append_data(&mut header, name, &b"{}"[..]).expect("a member");
    }
    let bytes = builder.into_inner().expect("the tar");
    let bytes = if path.extension().is_some_and(|extension| extension == "tgz") {
        use std::io::Write;
        let mut gzipped = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gzipped.write_all(&bytes).expect("compress");
        gzipped.finish().expect("compress")
    } else {
        bytes
    };
    std::fs::write(path, bytes).expect("write the archive");
}

fn write_zip(path: &std::path::Path, members: &[&str]) {
    use std::io::Write;
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for name in members {
        writer.start_file(*name, stored).expect("a member");
        writer.write_all(b"{}").expect("content");
    }
    std::fs::write(path, writer.finish().expect("the zip").into_inner()).expect("write the archive");
}

#[test]
fn extracting_an_archive_writes_its_members_read_from_the_archive() {
    let project = Project::new("archives");
    let dir = &project.dir;
    write_tar(&dir.join("release.tgz"), &[("app/", None), ("app/bin/run", None), ("./README.md", None)]);
    write_tar(&dir.join("vendor.tar"), &[("vendor/lib.js", None), ("vendor/current", Some("lib.js"))]);
    write_zip(&dir.join("fonts.zip"), &["fonts/a.woff2", "LICENSE"]);
    write_tar(&dir.join("forged.tgz"), &[("src/app.ts", None), (".forge/audit/overrides.log", None)]);
    write_tar(&dir.join("settings.tar"), &[("./.claude/settings.json", None)]);
    write_tar(&dir.join("linked.tar"), &[("docs/audit", Some("../.forge/audit")), ("docs/audit/overrides.log", None)]);
    write_zip(&dir.join("forged.zip"), &["README.md", ".claude/settings.local.json"]);
    // Everyday: an archive whose members are ordinary files, extracted into the project.
    let look_alikes = bash_corpus(&[
        "tar -xzf release.tgz",
        "tar xzf release.tgz -C .",
        "tar -xf vendor.tar",
        "tar --extract --file=vendor.tar --directory=.",
        "unzip fonts.zip",
        "unzip -o fonts -d .",
        "unzip -l forged.zip",
        "tar -tzf forged.tgz",
        "tar -xzf forged.tgz -C build",
        "tar -xzf no-such.tgz -C build",
        "curl -sL https://example.com/node.tgz | tar -xz -C build",
    ]);
    assert_allowed(&project, &look_alikes);
    // Members that are governance's files, named directly or reached through a link member.
    let attacks = bash_corpus(&[
        "tar -xzf forged.tgz",
        "tar xf settings.tar",
        "tar -xf linked.tar",
        "unzip -o forged.zip",
        "tar -xf no-such.tar -C .forge/audit",
    ]);
    assert_blocked(&project, &attacks, "deny-hard", &["self-protection"]);
    // An archive that cannot be read before the command runs (not there yet, standard input): what it writes into
    // the project is not known, so the person is asked.
    let unknown =
        bash_corpus(&["tar -xzf no-such.tgz", "curl -sL https://example.com/node.tgz | tar -xz", "7z x bundle.7z"]);
    assert_blocked(&project, &unknown, "ask", &["self-protection"]);
}
