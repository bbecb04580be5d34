# The muster image for cluster runs (deploy/slurm, deploy/k8s): the release
# binary and the shipped scenarios. Build it from a checkout:
#   docker build -t muster:latest .
FROM rust:1.80-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin muster

FROM debian:bookworm-slim
COPY --from=build /src/target/release/muster /usr/local/bin/muster
COPY --from=build /src/scenarios /opt/muster/scenarios
WORKDIR /work
ENTRYPOINT ["muster"]
CMD ["--help"]
