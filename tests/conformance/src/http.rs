//! A scripted HTTP/1.1 server on 127.0.0.1 for the stand-in model APIs of the real-client tiers: each request is
//! read whole (Content-Length or chunked), answered by the handler in one response, and recorded when the handler
//! says so.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// One request as the handler sees it.
pub struct Request<'r> {
    pub method: &'r str,
    pub path: &'r str,
    /// The body as JSON (`null` when it is not).
    pub body: &'r Value,
}

/// What the handler answers: the content type, the body, and whether to record the request.
pub struct Response {
    pub content_type: &'static str,
    pub body: String,
    pub record: bool,
}

type Handler = dyn Fn(&Request<'_>) -> Response + Send + Sync;

/// The running server. Dropped, it stops.
pub struct ScriptedServer {
    pub url: String,
    requests: Arc<Mutex<Vec<Value>>>,
    stop: Arc<AtomicBool>,
    port: u16,
    thread: Option<JoinHandle<()>>,
}

impl ScriptedServer {
    /// Starts serving on an ephemeral port.
    pub fn start(handler: impl Fn(&Request<'_>) -> Response + Send + Sync + 'static) -> ScriptedServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = listener.local_addr().expect("local address").port();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let handler: Arc<Handler> = Arc::new(handler);
        let (seen, stopping) = (Arc::clone(&requests), Arc::clone(&stop));
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (handler, seen) = (Arc::clone(&handler), Arc::clone(&seen));
                std::thread::spawn(move || serve(stream, handler.as_ref(), &seen));
            }
        });
        ScriptedServer { url: format!("http://127.0.0.1:{port}"), requests, stop, port, thread: Some(thread) }
    }

    /// Every recorded request body, in arrival order.
    pub fn requests(&self) -> Vec<Value> {
        self.requests.lock().map(|requests| requests.clone()).unwrap_or_default()
    }
}

impl Drop for ScriptedServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port)); // wake the accept loop
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Reads one HTTP/1.1 request: request line, headers, body (Content-Length or chunked).
fn read_request(reader: &mut BufReader<TcpStream>) -> Option<(String, String, Vec<u8>)> {
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut parts = line.split_whitespace();
    let (method, path) = (parts.next()?.to_owned(), parts.next()?.to_owned());
    let (mut length, mut chunked) = (0usize, false);
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).ok()?;
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':')?;
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse().ok()?,
            "transfer-encoding" => chunked = value.to_ascii_lowercase().contains("chunked"),
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).ok()?;
            let size = usize::from_str_radix(size.trim().split(';').next()?, 16).ok()?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).ok()?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else {
        body.resize(length, 0);
        reader.read_exact(&mut body).ok()?;
    }
    Some((method, path, body))
}

fn serve(stream: TcpStream, handler: &Handler, seen: &Mutex<Vec<Value>>) {
    let Ok(write_half) = stream.try_clone() else { return };
    let mut reader = BufReader::new(stream);
    let Some((method, path, body)) = read_request(&mut reader) else { return };
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let response = handler(&Request { method: &method, path: &path, body: &body });
    if response.record {
        if let Ok(mut requests) = seen.lock() {
            requests.push(body);
        }
    }
    let mut out = write_half;
    let head = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        response.content_type,
        response.body.len()
    );
    let _ = out.write_all(head.as_bytes()).and_then(|()| out.write_all(response.body.as_bytes()));
    let _ = out.flush();
    let _ = out.shutdown(Shutdown::Both);
}
