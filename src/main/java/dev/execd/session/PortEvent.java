package dev.execd.session;

/**
 * A port a process of the session started or stopped listening on:
 * {@code session_port_opened} and {@code session_port_closed}.
 *
 * @param port the local port
 * @param protocol {@code tcp}, {@code tcp6}, {@code udp} or {@code udp6}
 * @param address the local address, {@code 0.0.0.0} or {@code ::} for every address
 * @param pid the process found holding the socket when it was opened
 */
public record PortEvent(int port, String protocol, String address, long pid) implements EventDetail {

}
